import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { FakeWeb } from '../../../test/support/fake-web.js';
import { knownFailure } from '../../../test/support/known-failure-match.js';
import { fakeTools, runStep, stepContext } from '../../../test/support/step-context.js';
import type { PageVideo, PageVideoDownloader, PageVideoInfo } from '../../engines/download/download.port.js';
import type { MediaInfo, VideoEngine } from '../../engines/video/video-engine.port.js';
import { fetchVideoStep } from './fetch-video.step.js';

/** fetch_video against the web, page-video and video ports, with fake engines. */
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
  extractAudio: async () => ({ track: 0, tracks: 1, channels: 1, start: 0 }),
  loudness: async () => [],
  decodeForScenes: async () => [],
});

function setUp(pages: ConstructorParameters<typeof FakeWeb>[0], duration = 6) {
  const web = new FakeWeb(pages);
  const pageVideos = new FakePageVideos();
  const ctx = stepContext(fakeTools({ web, pageVideos, video: probeOf(duration) }));
  return { web, pageVideos, ctx };
}

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
      knownFailure('the video URL is refused: 10.0.0.1 is a blocked address (private)'),
    );
    await assert.rejects(
      runStep(fetchVideoStep, { url: 'https://cdn.example/busy.mp4' }, ctx),
      knownFailure('the video URL answered HTTP 503', true),
    );
    await assert.rejects(
      runStep(fetchVideoStep, { url: 'https://cdn.example/gone.mp4' }, ctx),
      knownFailure('the video URL could not be reached (ECONNREFUSED)'),
    );
    await assert.rejects(
      runStep(fetchVideoStep, { url: 'https://cdn.example/big.mp4', max_bytes: 1024 * 1024 }, ctx),
      knownFailure('the video is 2.0 MiB; the limit is 1.0 MiB'),
    );
    await assert.rejects(
      runStep(fetchVideoStep, { url: 'https://cdn.example/ok.mp4' }, ctx),
      knownFailure('the video is 900 s long; the limit is 600 s'),
    );
  });
});
