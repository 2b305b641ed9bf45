import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { assertRefusedUnpaid, paidPost } from '../support/devnet.js';
import { endless, type FileServer, file, gzipped, piecewise, redirect, startFileServer, streamed } from '../support/file-server.js';
import { type Harness, pollJob, ROOT, startHarness } from '../support/harness.js';
import { makeClip } from '../support/media.js';

const run = promisify(execFile);
const OUT = path.join(ROOT, 'test-artifacts', 'source-servers');

/**
 * Valid clips paid on /analyze from every kind of web server people have: Range and Content-Length; a stream of
 * unstated length (chunked, or ended by closing the connection) as plain static servers pipe files; gzip
 * Content-Encoding; a CDN that answers every request with a 206 of at most 1 MiB; redirects. Each is accepted
 * (202) and its job completes. What a page or a playlist names and cannot be downloaded, and an image whose body
 * never ends, are refused before settlement with nothing charged.
 */
describe('/analyze from every kind of server; what a page or playlist names is checked before payment', () => {
  let h: Harness;
  let web: FileServer;
  const clips = { small: '', busy: '', busyFastStart: '' };

  before(async () => {
    fs.rmSync(OUT, { recursive: true, force: true });
    fs.mkdirSync(path.join(OUT, 'hls'), { recursive: true });
    clips.small = await makeClip({ scenes: [{ seconds: 3, source: 'testsrc2' }], speech: 'Cook the pasta.' });
    clips.busy = await busyClip(path.join(OUT, 'busy60.mp4'));
    // The same clip with its index first (fast start), the media still running past the first 1 MiB.
    clips.busyFastStart = path.join(OUT, 'busy60-faststart.mp4');
    await run('ffmpeg', ['-y', '-v', 'error', '-i', clips.busy, '-c', 'copy', '-movflags', '+faststart', clips.busyFastStart]);
    await run('ffmpeg', [
      '-y',
      '-v',
      'error',
      '-i',
      clips.small,
      '-c',
      'copy',
      '-f',
      'hls',
      '-hls_time',
      '1',
      path.join(OUT, 'hls', 'index.m3u8'),
    ]);
    const png = path.join(OUT, 'face.png');
    await run('ffmpeg', ['-y', '-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=s=256x256', '-frames:v', '1', png]);
    const page = (video: string) => (_q: unknown, res: import('node:http').ServerResponse) =>
      void res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(`<!doctype html><html><head><title>Pasta</title><meta property="og:video" content="${video}"></head><body></body></html>`);
    web = await startFileServer({
      '/ranged/busy.mp4': file(clips.busy),
      '/chunked/busy.mp4': streamed(clips.busy, 'video/mp4', { framing: 'chunked', chunk: 16 * 1024 }),
      '/piped/busy-faststart.mp4': streamed(clips.busyFastStart),
      '/unframed/busy.mp4': streamed(clips.busy, 'video/mp4', { framing: 'close' }),
      '/unframed/small.mp4': streamed(clips.small, 'video/mp4', { framing: 'close' }),
      '/gzip/busy.mp4': gzipped(clips.busy),
      '/pieces/busy.mp4': piecewise(clips.busy),
      '/moved/busy.mp4': redirect('/chunked/busy.mp4'),
      '/gone.html': page('/gone.mp4'),
      '/gone/index.m3u8': (_q, res) =>
        void res
          .writeHead(200, { 'content-type': 'application/vnd.apple.mpegurl' })
          .end(fs.readFileSync(path.join(OUT, 'hls', 'index.m3u8'))),
      '/endless.png': endless(fs.readFileSync(png), 'image/png'),
    });
    h = await startHarness({
      env: {
        PIPELINES_DIR: path.join(ROOT, 'pipelines'),
        FETCH_ALLOW_LOOPBACK: 'true',
        MPP_ENABLED: 'false',
        // yt-dlp's start alone takes seconds on a loaded test machine: the budget is not what these tests are about.
        SOURCE_CHECK_TIMEOUT_SECONDS: '60',
      },
    });
  });
  after(async () => {
    await h?.close();
    await web?.close();
  });

  const accepted: Array<[string, string, number]> = [
    ['Range and Content-Length', '/ranged/busy.mp4', 2],
    ['chunked, no length, Range ignored', '/chunked/busy.mp4', 2],
    ['a plain piped static server (no length, Range ignored), index first', '/piped/busy-faststart.mp4', 2],
    ['a stream with no length, ended by closing the connection', '/unframed/busy.mp4', 2],
    ['a stream with no length, a clip of under 1 MiB', '/unframed/small.mp4', 3],
    ['gzip Content-Encoding', '/gzip/busy.mp4', 2],
    ['a 206 of at most 1 MiB to every request', '/pieces/busy.mp4', 2],
    ['a redirect to a chunked stream', '/moved/busy.mp4', 2],
  ];
  // Every clip is paid for first, and its job polled meanwhile: the jobs run side by side as a client's would.
  const jobs = new Map<string, Promise<any>>();
  it('accepts (202) a valid clip from every kind of server', async () => {
    for (const [server, route] of accepted) {
      const res = await paidPost(h, '/analyze', { url: `${web.url}${route}` });
      assert.equal(res.status, 202, `${server} (${route}): ${res.text}`);
      jobs.set(
        route,
        pollJob(h.url, res.json.job_id, 300).catch((err: Error) => ({ status: 'unread', error: err.message })),
      );
    }
  });
  for (const [server, route, seconds] of accepted) {
    it(`completes the job of a valid clip from ${server}`, async () => {
      const job = await jobs.get(route);
      assert.ok(job, `${route} was not accepted`);
      assert.equal(job.status, 'complete', `${route}: ${job.error}`);
      assert.equal(job.engines.download, 'direct HTTP');
      assert.ok(Math.abs(job.result.duration - seconds) < 0.6, `${route}: duration ${job.result.duration}`);
    });
  }

  const refusedUnpaid = (route: string, body: Record<string, unknown>, reason: RegExp) => assertRefusedUnpaid(h, route, body, reason);

  it('refuses a page whose og:video answers 404, nothing charged', async () => {
    await refusedUnpaid('/analyze', { url: `${web.url}/gone.html` }, /answered HTTP 404/);
  });

  it('refuses an HLS playlist whose segments answer 404, nothing charged', async () => {
    await refusedUnpaid(
      '/analyze',
      { url: `${web.url}/gone/index.m3u8` },
      /the first segment of the manifest at the URL answered HTTP 404/,
    );
  });

  it('refuses an image whose body never ends (a valid PNG header first), nothing charged', async () => {
    await refusedUnpaid('/pfp', { image_url: `${web.url}/endless.png` }, /the image URL serves more than 10 MiB; the limit is 10 MiB/);
  });
});

/**
 * 2 s at 60 fps over a moving noise texture, its index after the media (not fast start): a few MiB. 640x360 is enough
 * for media past the first 1 MiB and keeps each job's pixel work small.
 */
async function busyClip(out: string): Promise<string> {
  const lavfi = ['-f', 'lavfi', '-i', 'testsrc2=s=640x360:r=60:d=2', '-f', 'lavfi', '-i', 'sine=f=440:d=2'];
  const codecs = [
    '-vf',
    'noise=alls=20:allf=t',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-crf',
    '26',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
  ];
  await run('ffmpeg', ['-y', '-v', 'error', ...lavfi, ...codecs, '-shortest', out]);
  const bytes = fs.readFileSync(out);
  assert.ok(bytes.length > 1.5 * 1024 * 1024, `the clip runs past the first 1 MiB (${bytes.length} bytes)`);
  assert.ok(!bytes.subarray(0, 1024 * 1024).includes('moov'), 'its index is not within the first 1 MiB');
  return out;
}
