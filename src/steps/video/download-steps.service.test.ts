import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import sharp from 'sharp';
import { FakeWeb } from '../../../test/support/fake-web.js';
import { fakeServices, runStep, stepContext } from '../../../test/support/step-context.js';
import type { PageVideo, PageVideoDownloader, PageVideoInfo } from '../../engines/download/download.port.js';
import { StepError } from '../../engines/step-error.js';
import type { MediaInfo, VideoEngine } from '../../engines/video/video-engine.port.js';
import { loadImageStep } from '../images/load-image.step.js';
import { fetchVideoStep } from './fetch-video.step.js';

/** fetch_video and load_image against the web, page-video and video ports, with fake engines. */
class FakePageVideos implements PageVideoDownloader {
  readonly name = 'fake page videos';
  readonly calls: Array<{ url: string; label: string; info?: Record<string, unknown> }> = [];
  async inspect(): Promise<PageVideoInfo> {
    return { duration: 6, size: 4096, hasVideo: true, title: 'From the page', info: {} };
  }
  async download(url: string, opts: { workDir: string; label: string; info?: Record<string, unknown> }): Promise<PageVideo> {
    this.calls.push({ url, label: opts.label, ...(opts.info ? { info: opts.info } : {}) });
    const file = path.join(opts.workDir, 'video.webm');
    fs.writeFileSync(file, Buffer.alloc(4096));
    return { path: file, bytes: 4096, finalUrl: url, title: 'From the page' };
  }
}

const probeOf = (duration: number): VideoEngine => ({
  probe: async () => ({ duration, title: null, has_audio: true }) as MediaInfo,
  extractAudio: async () => undefined,
  loudness: async () => [],
  decodeForScenes: async () => undefined,
});

function setUp(pages: ConstructorParameters<typeof FakeWeb>[0], duration = 6) {
  const web = new FakeWeb(pages);
  const pageVideos = new FakePageVideos();
  const ctx = stepContext(fakeServices({ web, pageVideos, video: probeOf(duration) }));
  return { web, pageVideos, ctx };
}

const stepError =
  (message: string | RegExp, transient = false) =>
  (err: unknown) =>
    err instanceof StepError &&
    (typeof message === 'string' ? err.message === message : message.test(err.message)) &&
    err.transient === transient;

describe('fetch_video against its ports', () => {
  it('streams a URL that serves media itself into the work directory', async () => {
    const { ctx } = setUp({ 'https://cdn.example/a.mp4': { contentType: 'video/mp4', body: Buffer.alloc(2048, 1) } });
    const out = await runStep(fetchVideoStep, { url: 'https://cdn.example/a.mp4' }, ctx);
    assert.deepEqual(out, {
      path: path.join(ctx.workDir, 'video.bin'),
      bytes: 2048,
      content_type: 'video/mp4',
      url: 'https://cdn.example/a.mp4',
      final_url: 'https://cdn.example/a.mp4',
      title: null,
    });
    assert.equal(fs.statSync(out.path).size, 2048);
    assert.equal(ctx.engines.download, 'direct HTTP');
  });

  it('hands a page that is not media to the page-video downloader, saying what it serves', async () => {
    const { ctx, pageVideos } = setUp({ 'https://blog.example/post': { contentType: 'text/html; charset=utf-8', body: '<html></html>' } });
    const out = await runStep(fetchVideoStep, { url: 'https://blog.example/post' }, ctx);
    assert.deepEqual(pageVideos.calls, [{ url: 'https://blog.example/post', label: 'the video at the URL (it serves text/html)' }]);
    assert.equal(out.content_type, 'video/webm');
    assert.equal(out.title, 'From the page');
    assert.equal(ctx.engines.download, 'fake page videos');
  });

  it('sends a platform link straight to the page-video downloader', async () => {
    const { ctx, web, pageVideos } = setUp({});
    await runStep(fetchVideoStep, { url: 'https://www.youtube.com/shorts/abc123' }, ctx);
    assert.deepEqual(web.requests, []);
    assert.deepEqual(
      pageVideos.calls.map((c) => c.label),
      ['the platform video'],
    );
  });

  it('refuses a blocked URL, and reports HTTP errors (5xx as transient) and limits', async () => {
    const big = { contentType: 'video/mp4', body: Buffer.alloc(2 * 1024 * 1024) };
    const { ctx } = setUp(
      {
        'https://cdn.example/busy.mp4': { status: 503, body: '' },
        'https://cdn.example/big.mp4': big,
        'https://cdn.example/ok.mp4': { contentType: 'video/mp4', body: 'x' },
      },
      900,
    );
    await assert.rejects(
      runStep(fetchVideoStep, { url: 'http://10.0.0.1/a.mp4' }, ctx),
      stepError('the video URL is refused: 10.0.0.1 is a blocked address (private)'),
    );
    await assert.rejects(
      runStep(fetchVideoStep, { url: 'https://cdn.example/busy.mp4' }, ctx),
      stepError('the video URL answered HTTP 503', true),
    );
    await assert.rejects(
      runStep(fetchVideoStep, { url: 'https://cdn.example/gone.mp4' }, ctx),
      stepError('the video URL could not be reached (ECONNREFUSED)'),
    );
    await assert.rejects(
      runStep(fetchVideoStep, { url: 'https://cdn.example/big.mp4', max_bytes: 1024 * 1024 }, ctx),
      stepError('the video is 2.0 MiB; the limit is 1.0 MiB'),
    );
    await assert.rejects(
      runStep(fetchVideoStep, { url: 'https://cdn.example/ok.mp4' }, ctx),
      stepError('the video is 900 s long; the limit is 600 s'),
    );
  });
});

describe('load_image against the web port', () => {
  it('writes a base64 image or a downloaded one to the work directory, checking its type and size', async () => {
    const png = await sharp({ create: { width: 100, height: 80, channels: 3, background: 'white' } })
      .png()
      .toBuffer();
    const { ctx } = setUp({
      'https://img.example/a.png': { contentType: 'image/png', body: png },
      'https://img.example/nope': { status: 404, body: '' },
    });
    const fromB64 = await runStep(loadImageStep, { image_b64: png.toString('base64') }, ctx);
    assert.deepEqual(fromB64, {
      path: path.join(ctx.workDir, 'input.png'),
      mime_type: 'image/png',
      width: 100,
      height: 80,
      bytes: png.length,
    });
    const fromUrl = await runStep(loadImageStep, { image_url: 'https://img.example/a.png' }, ctx);
    assert.equal(fromUrl.width, 100);
    await assert.rejects(
      runStep(loadImageStep, { image_url: 'https://img.example/nope' }, ctx),
      stepError('the image URL answered HTTP 404'),
    );
    await assert.rejects(
      runStep(loadImageStep, { image_url: 'http://10.1.2.3/a.png' }, ctx),
      stepError('the image URL is blocked: 10.1.2.3 is a blocked address (private)'),
    );
    const tiny = await sharp({ create: { width: 20, height: 20, channels: 3, background: 'white' } })
      .png()
      .toBuffer();
    await assert.rejects(
      runStep(loadImageStep, { image_b64: tiny.toString('base64') }, ctx),
      stepError('the image is 20x20 pixels; at least 64x64 is needed'),
    );
  });
});
