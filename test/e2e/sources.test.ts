import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { paidPost } from '../support/devnet.js';
import { type FileServer, file, startFileServer } from '../support/file-server.js';
import { type Harness, pollJob, ROOT, startHarness } from '../support/harness.js';
import { makeClip } from '../support/media.js';

const run = promisify(execFile);
const OUT = path.join(ROOT, 'test-artifacts', 'sources');
const HLS_TYPE = 'application/vnd.apple.mpegurl';

/**
 * The sources people send, paid on /analyze and served from 127.0.0.1: HLS playlists, DASH manifests and pages that embed a
 * video go through yt-dlp and its guarded proxy; webm and tall 60 fps files take the direct path; a page or
 * a playlist that names a blocked address (127.0.0.2, blocked even with FETCH_ALLOW_LOOPBACK) is refused
 * before payment, and the blocked server sees no request at all.
 */
describe('/analyze on HLS, DASH, pages with og:video, webm and tall 60 fps sources', () => {
  let h: Harness;
  let web: FileServer;
  let blocked: FileServer;

  before(async () => {
    fs.rmSync(OUT, { recursive: true, force: true });
    fs.mkdirSync(path.join(OUT, 'hls'), { recursive: true });
    const clip = await makeClip({
      scenes: [{ seconds: 3, source: 'testsrc2', caption: 'FRESH PASTA RECIPE' }],
      speech: 'Cook the pasta.',
    });
    await segment(clip);
    const webm = await encodeWebm(clip);
    const tall = await encodeTall60();
    blocked = await startFileServer(
      { '/clip.mp4': file(clip), '/seg0.ts': file(path.join(OUT, 'hls', 'seg0.ts'), 'video/mp2t') },
      { host: '127.0.0.2' },
    );
    web = await startWeb({ clip, webm, tall }, blocked.url);
    h = await startHarness({
      env: { PIPELINES_DIR: path.join(ROOT, 'pipelines'), FETCH_ALLOW_LOOPBACK: 'true', VIDEO_MAX_BYTES: String(50 * 1024 * 1024) },
    });
  });
  after(async () => {
    await h?.close();
    await web?.close();
    await blocked?.close();
  });

  const analyze = async (url: string) => {
    const res = await paidPost(h, '/analyze', { url });
    assert.equal(res.status, 202, res.text);
    return pollJob(h.url, res.json.job_id, 180);
  };

  it('completes an HLS playlist through yt-dlp', async () => {
    const job = await analyze(`${web.url}/hls/index.m3u8`);
    assertCompleteWithCaption(job, 'yt-dlp', [2.5, 4]);
    assert.ok(web.requests.includes('/hls/seg2.ts'), `segments fetched: ${web.requests}`);
  });

  it('completes a DASH manifest through yt-dlp', async () => {
    const job = await analyze(`${web.url}/dash/manifest.mpd`);
    assertCompleteWithCaption(job, 'yt-dlp', [2.5, 4]);
  });

  it('completes a web page whose og:video names the clip: found before payment, then fetched directly', async () => {
    const job = await analyze(`${web.url}/post.html`);
    assertCompleteWithCaption(job, 'direct HTTP', [2.5, 4]);
    assert.equal(job.result.title, 'Pasta night');
    assert.equal(web.requests.filter((r) => r === '/post.html').length, 1, 'the page was read once, before payment');
  });

  it('completes a web page with a <video> element: found before payment, then fetched directly', async () => {
    const job = await analyze(`${web.url}/video-tag.html`);
    assertCompleteWithCaption(job, 'direct HTTP');
  });

  it('completes a webm (VP9/Opus) on the direct path', async () => {
    const job = await analyze(`${web.url}/clip.webm`);
    assertCompleteWithCaption(job, 'direct HTTP', [2.5, 4]);
  });

  it('completes a 1080x1920 60 fps clip on the direct path', async () => {
    const job = await analyze(`${web.url}/tall60.mp4`);
    assert.equal(job.status, 'complete', job.error);
    assert.equal(job.engines.download, 'direct HTTP');
    assert.ok(job.result.duration > 1.5 && job.result.duration < 3, `duration ${job.result.duration}`);
  });

  const refused: Array<[string, string]> = [
    ['a page whose og:video points at a blocked address', '/evil.html'],
    ['a page whose og:video redirects to a blocked address', '/redirect.html'],
  ];
  for (const [what, route] of refused) {
    it(`refuses ${what} before payment (nothing charged), and no connection reaches that address`, async () => {
      const res = await paidPost(h, '/analyze', { url: `${web.url}${route}` });
      assert.equal(res.status, 422, res.text);
      assert.match(res.json.error, /blocked: 127\.0\.0\.2 is a blocked address \(loopback\).*Nothing was charged\.$/);
      assert.deepEqual(blocked.requests, [], 'the blocked server received no request');
    });
  }

  it('refuses an HLS playlist whose first segment is on a blocked address before payment, and no connection reaches that address', async () => {
    const res = await paidPost(h, '/analyze', { url: `${web.url}/hls/evil.m3u8` });
    assert.equal(res.status, 422, res.text);
    assert.match(res.json.error, /blocked: 127\.0\.0\.2 is a blocked address \(loopback\).*Nothing was charged\.$/);
    assert.deepEqual(blocked.requests, [], 'the blocked server received no request');
  });
});

/**
 * The fixture clip's job completed, fetched by `download`, `seconds` long (within the range, when given), with
 * its one caption read.
 */
function assertCompleteWithCaption(job: any, download: string, seconds?: [number, number]): void {
  assert.equal(job.status, 'complete', job.error);
  assert.equal(job.engines.download, download);
  if (seconds) assert.ok(job.result.duration > seconds[0] && job.result.duration < seconds[1], `duration ${job.result.duration}`);
  assert.deepEqual(
    job.result.on_screen_text.map((l: any) => l.text),
    ['FRESH PASTA RECIPE'],
  );
}

/** The clip as HLS (OUT/hls) and DASH (OUT/dash), H.264 with a keyframe every second and AAC. */
async function segment(clip: string): Promise<void> {
  // H.264 with a keyframe every second (25 fps) and AAC: what HLS and DASH segment at one-second marks.
  const segmentable = ['-c:v', 'libx264', '-preset', 'veryfast', '-g', '25', '-sc_threshold', '0', '-c:a', 'aac'];
  // HLS the way encoders publish it: a keyframe every second, one-second MPEG-TS segments, a VOD playlist naming them relatively.
  await run('ffmpeg', [
    '-y',
    '-v',
    'error',
    '-i',
    clip,
    ...segmentable,
    '-f',
    'hls',
    '-hls_time',
    '1',
    '-hls_playlist_type',
    'vod',
    '-hls_segment_filename',
    path.join(OUT, 'hls', 'seg%d.ts'),
    path.join(OUT, 'hls', 'index.m3u8'),
  ]);
  // DASH: the same one-second keyframes, an MPD with one video and one audio representation.
  fs.mkdirSync(path.join(OUT, 'dash'));
  await run('ffmpeg', [
    '-y',
    '-v',
    'error',
    '-i',
    clip,
    ...segmentable,
    '-f',
    'dash',
    '-seg_duration',
    '1',
    path.join(OUT, 'dash', 'manifest.mpd'),
  ]);
}

async function encodeWebm(clip: string): Promise<string> {
  const webm = path.join(OUT, 'clip.webm');
  await run('ffmpeg', [
    '-y',
    '-v',
    'error',
    '-i',
    clip,
    '-c:v',
    'libvpx-vp9',
    '-deadline',
    'realtime',
    '-cpu-used',
    '8',
    '-b:v',
    '300k',
    '-c:a',
    'libopus',
    webm,
  ]);
  return webm;
}

/** Two seconds of 1080x1920 at 60 fps, with a tone. */
async function encodeTall60(): Promise<string> {
  const tall = path.join(OUT, 'tall60.mp4');
  await run('ffmpeg', [
    '-y',
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=s=1080x1920:r=60:d=2',
    '-f',
    'lavfi',
    '-i',
    'sine=f=440:d=2',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    tall,
  ]);
  return tall;
}

/** A page whose og:video names `video`. */
const page = (video: string) => (_q: unknown, res: ServerResponse) =>
  void res
    .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    .end(
      `<!doctype html><html><head><title>Pasta night</title><meta property="og:title" content="Pasta night">` +
        `<meta property="og:video" content="${video}"><meta property="og:video:type" content="video/mp4"></head><body><p>Our recipe.</p></body></html>`,
    );

const text = (type: string, body: string) => (_q: unknown, res: ServerResponse) =>
  void res.writeHead(200, { 'content-type': type }).end(body);

/** The allowed web: the HLS and DASH files, the clips, pages that embed them, and the ways that lead to `blocked`. */
async function startWeb({ clip, webm, tall }: { clip: string; webm: string; tall: string }, blocked: string): Promise<FileServer> {
  const served = (dir: string, typeOf: (f: string) => string, keep = (_f: string) => true) =>
    Object.fromEntries(
      fs
        .readdirSync(path.join(OUT, dir))
        .filter(keep)
        .map((f) => [`/${dir}/${f}`, file(path.join(OUT, dir, f), typeOf(f))]),
    );
  const playlist = fs.readFileSync(path.join(OUT, 'hls', 'index.m3u8'), 'utf8');
  return startFileServer({
    ...served(
      'hls',
      () => 'video/mp2t',
      (f) => f.endsWith('.ts'),
    ),
    ...served('dash', (f) => (f.endsWith('.mpd') ? 'application/dash+xml' : 'video/iso.segment')),
    '/hls/index.m3u8': text(HLS_TYPE, playlist),
    // The first segment is fetched from the blocked host: an allowed playlist, a blocked hop.
    '/hls/evil.m3u8': text(HLS_TYPE, playlist.replace('seg0.ts', `${blocked}/seg0.ts`)),
    '/clip.mp4': file(clip),
    '/clip.webm': file(webm, 'video/webm'),
    '/tall60.mp4': file(tall),
    '/post.html': page('/clip.mp4'),
    '/video-tag.html': text(
      'text/html',
      '<!doctype html><html><head><title>Pasta night</title></head><body><video controls><source src="/clip.mp4" type="video/mp4"></video></body></html>',
    ),
    '/evil.html': page(`${blocked}/clip.mp4`),
    // An allowed video URL that redirects to the blocked host: the hop is yt-dlp's, after the page.
    '/to-blocked.mp4': (_q, res) => void res.writeHead(302, { location: `${blocked}/clip.mp4` }).end(),
    '/redirect.html': page('/to-blocked.mp4'),
  });
}
