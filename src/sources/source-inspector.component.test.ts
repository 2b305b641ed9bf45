import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { type FileServer, file, startFileServer } from '../../test/support/file-server.js';
import { ROOT } from '../../test/support/harness.js';
import { makeClip } from '../../test/support/media.js';
import { loadConfig } from '../app/load-config.js';
import { createSourceInspector } from './create-source-inspector.js';
import type { SourceInspector } from './source-inspector.js';

const run = promisify(execFile);
const OUT = path.join(ROOT, 'test-artifacts', 'source-inspector');

/** Writes `name` in OUT with ffmpeg's arguments (quiet, overwrite); returns its path. */
async function ffmpeg(name: string, ...args: string[]): Promise<string> {
  const out = path.join(OUT, name);
  await run('ffmpeg', ['-y', '-v', 'error', ...args, out]);
  return out;
}

/**
 * The clip with its index (moov) at the end (ffmpeg's default) and at the start, truncated copies of both, junk
 * under a video's name, a webm, a song and a video too long to take.
 */
async function makeVideos(clip: string) {
  const atEnd = await ffmpeg('at-end.mp4', '-i', clip, '-c', 'copy'); // ffmpeg's default: the index (moov) after the media data
  const whole = fs.readFileSync(atEnd);
  fs.writeFileSync(path.join(OUT, 'truncated.mp4'), whole.subarray(0, Math.floor(whole.length * 0.3)));
  const faststartWhole = fs.readFileSync(clip);
  fs.writeFileSync(path.join(OUT, 'truncated-faststart.mp4'), faststartWhole.subarray(0, Math.floor(faststartWhole.length * 0.5)));
  fs.writeFileSync(path.join(OUT, 'junk.mp4'), Buffer.alloc(400 * 1024, 0x41));
  const faststart = await ffmpeg('faststart.mp4', '-i', clip, '-c', 'copy', '-movflags', '+faststart');
  const webm = await ffmpeg(
    'clip.webm',
    '-i',
    clip,
    '-t',
    '2',
    '-c:v',
    'libvpx-vp9',
    '-deadline',
    'realtime',
    '-cpu-used',
    '8',
    '-c:a',
    'libopus',
  );
  const song = await ffmpeg('song.m4a', '-f', 'lavfi', '-i', 'sine=f=440:d=3', '-c:a', 'aac');
  const long = await ffmpeg('long.mp4', '-f', 'lavfi', '-i', 'color=c=black:s=16x16:r=1:d=605', '-c:v', 'libx264', '-preset', 'ultrafast');
  return { atEnd, faststart, webm, song, long };
}

/** A photo, the same photo padded past the size limit (huge.jpg), and an image too small to read. */
async function makeImages() {
  const photo = path.join(OUT, 'photo.jpg');
  await sharp({ create: { width: 200, height: 120, channels: 3, background: '#884422' } })
    .jpeg()
    .toFile(photo);
  fs.writeFileSync(path.join(OUT, 'huge.jpg'), Buffer.concat([fs.readFileSync(photo), Buffer.alloc(11 * 1024 * 1024)]));
  const tiny = path.join(OUT, 'tiny.png');
  await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } })
    .png()
    .toFile(tiny);
  return { photo, tiny };
}

/**
 * The check of a paid request's sources before settlement, on real files served from 127.0.0.1, with the real
 * ffprobe and yt-dlp: what is known to fail (truncated, not media, sound only, too long, a page without a video,
 * an image URL that is not an image) is refused with the reason; what works passes, and a page's video is handed on.
 */
describe('source inspector', () => {
  let web: FileServer;
  let inspector: SourceInspector;
  let at: (p: string) => string;
  let slowArticleReads = 0;

  before(async () => {
    fs.rmSync(OUT, { recursive: true, force: true });
    fs.mkdirSync(OUT, { recursive: true });
    const clip = await makeClip({ scenes: [{ seconds: 3, source: 'testsrc2' }], speech: 'Hello there.' });
    const { atEnd, faststart, webm, song, long } = await makeVideos(clip);
    const { photo, tiny } = await makeImages();
    const html = (body: string) => (_q: unknown, res: import('node:http').ServerResponse) =>
      void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><html>${body}</html>`);
    web = await startFileServer({
      '/clip.mp4': file(atEnd),
      '/truncated-faststart.mp4': file(path.join(OUT, 'truncated-faststart.mp4')),
      '/faststart.mp4': file(faststart),
      '/clip.webm': file(webm, 'video/webm'),
      '/truncated.mp4': file(path.join(OUT, 'truncated.mp4')),
      '/junk.mp4': file(path.join(OUT, 'junk.mp4')),
      '/song.m4a': file(song, 'audio/mp4'),
      '/long.mp4': file(long),
      '/photo.jpg': file(photo, 'image/jpeg'),
      '/tiny.png': file(tiny, 'image/png'),
      '/huge.jpg': file(path.join(OUT, 'huge.jpg'), 'image/jpeg'),
      '/missing.jpg': (_q, res) => void res.writeHead(404).end(),
      '/gone.mp4': (_q, res) => void res.writeHead(410).end(),
      '/busy.mp4': (_q, res) => void res.writeHead(503).end(),
      '/slow.mp4': (_q, res) => void setTimeout(() => res.writeHead(404).end(), 5000).unref(),
      '/to-metadata.mp4': (_q, res) => void res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end(),
      '/reel.html': html('<head><title>A reel</title><meta property="og:video" content="/clip.mp4"></head><body>hi</body>'),
      '/embed.html': html('<body><h1>Recipe</h1><video controls><source src="faststart.mp4" type="video/mp4"></video></body>'),
      '/article.html': html('<head><title>About us</title></head><body><p>We make things.</p></body>'),
      '/bad-embed.html': html('<head><meta property="og:video" content="/truncated.mp4"></head>'),
      // yt-dlp's read (no Range, unlike the service's own read of a page's head) is counted and kept waiting a moment.
      '/slow-article.html': (req, res) => {
        if (!req.headers.range) slowArticleReads++;
        setTimeout(() => html('<head><title>Story</title></head><body>Text only.</body>')(req, res), req.headers.range ? 0 : 1000);
      },
    });
    at = (p) => `${web.url}${p}`;
    const config = loadConfig({ FETCH_ALLOW_LOOPBACK: 'true' }, ROOT);
    inspector = createSourceInspector(config.engines.media, path.join(OUT, 'scratch'));
  });
  after(() => web.close());

  const refusal = async (url: string, kind: 'video' | 'image' | 'map' = 'video') => {
    const result = await inspector.inspect([{ url, kind }]);
    assert.ok('refused' in result, `${url} was not refused`);
    return result.refused;
  };

  it('passes readable videos (index at the end or at the start, Matroska), with nothing to hand on', async () => {
    for (const p of ['/clip.mp4', '/faststart.mp4', '/clip.webm'])
      assert.deepEqual(await inspector.inspect([{ url: at(p), kind: 'video' }]), { hints: {} }, p);
  });

  it('refuses a truncated mp4, a file that is not media, sound only and a video over the length limit', async () => {
    assert.match(
      await refusal(at('/truncated.mp4')),
      /the video URL is not a readable video: its media data runs past the end of the file: the file is truncated/,
    );
    assert.match(await refusal(at('/truncated-faststart.mp4')), /its media data runs past the end of the file: the file is truncated/);
    assert.match(await refusal(at('/junk.mp4')), /the video URL: the file it serves is not a readable video/);
    assert.match(await refusal(at('/song.m4a')), /the video URL: the file it serves has no video stream/);
    assert.match(await refusal(at('/long.mp4')), /the video URL is 605 s long; the limit is 600 s/);
  });

  it('refuses what cannot be fetched: gone, failing, unreachable, redirected to a blocked address, or too slow to answer', async () => {
    const closed = await startFileServer({});
    await closed.close();
    assert.match(await refusal(at('/gone.mp4')), /the video URL answered HTTP 410/);
    assert.match(await refusal(at('/busy.mp4')), /the video URL answered HTTP 503/);
    assert.match(await refusal(`${closed.url}/x.mp4`), /the video URL could not be reached \(ECONNREFUSED\)/);
    assert.match(await refusal(at('/to-metadata.mp4')), /the video URL is blocked: .*169\.254\.169\.254/);
    const impatient = createSourceInspector(
      { ...loadConfig({ FETCH_ALLOW_LOOPBACK: 'true' }, ROOT).engines.media, sourceCheckSeconds: 1 },
      path.join(OUT, 'scratch'),
    );
    const slow = await impatient.inspect([{ url: at('/slow.mp4'), kind: 'video' }]);
    assert.deepEqual(slow, {
      refused: 'the source could not be checked within 1 s (it answers too slowly); try again later with a new payment',
    });
  });

  it('resolves a page to the video it declares (og:video, <video><source>) and hands that file to the job', async () => {
    assert.deepEqual(await inspector.inspect([{ url: at('/reel.html'), kind: 'video' }]), {
      hints: { [at('/reel.html')]: { kind: 'media', url: at('/clip.mp4'), title: 'A reel' } },
    });
    const embed = await inspector.inspect([{ url: at('/embed.html'), kind: 'video' }]);
    assert.deepEqual(embed, { hints: { [at('/embed.html')]: { kind: 'media', url: at('/faststart.mp4'), title: null } } });
  });

  it('refuses a page without a video (after asking the extractor) and a page whose video is truncated', async () => {
    assert.match(await refusal(at('/article.html')), /the page at the URL holds no video that can be downloaded \(Unsupported URL/);
    assert.match(await refusal(at('/bad-embed.html')), /the video the page carries is not a readable video: .*truncated/);
  });

  it('checks a source once however many requests name it at the same time, and each gets the answer', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => refusal(at('/slow-article.html'))));
    assert.deepEqual(new Set(answers), new Set([answers[0]]));
    assert.match(answers[0], /the page at the URL holds no video that can be downloaded \(Unsupported URL/);
    assert.equal(slowArticleReads, 1, 'yt-dlp read the page once');
    await refusal(at('/slow-article.html'));
    assert.equal(slowArticleReads, 2, 'a check that starts after the last one ended is a check of its own');
  });

  it('checks image URLs: a JPEG passes; missing, not an image, too large, too small or unreachable is refused', async () => {
    assert.deepEqual(await inspector.inspect([{ url: at('/photo.jpg'), kind: 'image' }]), { hints: {} });
    assert.match(await refusal(at('/missing.jpg'), 'image'), /the image URL answered HTTP 404/);
    assert.match(await refusal(at('/article.html'), 'image'), /the image URL does not serve a JPEG or PNG \(it serves text\/html/);
    assert.match(await refusal(at('/huge.jpg'), 'image'), /the image URL serves 11\.0 MiB; the limit is 10 MiB/);
    assert.match(await refusal(at('/tiny.png'), 'image'), /20x20 image; at least 64x64/);
    assert.match(
      await refusal('http://no-such-host.invalid/me.jpg', 'image'),
      /the image URL could not be reached \((ENOTFOUND|EAI_AGAIN)\)/,
    );
  });

  it('refuses a map URL that does not answer, and lets one that does through', async () => {
    assert.deepEqual(await inspector.inspect([{ url: at('/article.html'), kind: 'map' }]), { hints: {} });
    assert.match(await refusal(at('/missing.jpg'), 'map'), /the map URL answered HTTP 404/);
  });
});
