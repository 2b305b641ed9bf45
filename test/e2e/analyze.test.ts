import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { privateKeyToAccount } from 'viem/accounts';
import { devnetClients, paidPost } from '../support/devnet.js';
import { type FileServer, file, startFileServer } from '../support/file-server.js';
import { type Harness, pollJob, postJson, ROOT, startHarness } from '../support/harness.js';
import { makeClip, STANDARD_CLIP } from '../support/media.js';

/** POST /analyze on clips made at test time and served from 127.0.0.1: paid, processed, checked. */
describe('/analyze on real media (offline engines)', () => {
  let h: Harness;
  let web: FileServer;
  let clip: string;
  let silent: string;

  before(async () => {
    clip = await makeClip(STANDARD_CLIP);
    // A muted tip video: captions only, over a moving picture, and no audio stream at all.
    silent = await makeClip({
      scenes: [
        { seconds: 2, source: 'testsrc2', caption: 'THE BEST PASTA RECIPE' },
        { seconds: 2, source: 'color=c=0x206040', caption: 'COOK IT WITH FRESH TOMATOES' },
      ],
      audio: false,
    });
    const corrupt = path.join(ROOT, 'test-artifacts', 'clips', 'corrupt.mp4');
    // An MP4 file type box followed by bytes that are no MP4 structure: what a truncated or damaged upload looks like.
    fs.writeFileSync(corrupt, Buffer.concat([fs.readFileSync(clip).subarray(0, 32), Buffer.alloc(20000, 7)]));
    web = await startFileServer({
      '/clip.mp4': file(clip),
      '/silent.mp4': file(silent),
      '/corrupt.mp4': file(corrupt),
      '/page.html': (_q, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<html>a page</html>'),
      '/gone.mp4': (_q, res) => void res.writeHead(410).end(),
      '/moved.mp4': (_q, res) => void res.writeHead(302, { location: '/clip.mp4' }).end(),
      '/to-metadata.mp4': (_q, res) => void res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end(),
      '/huge.mp4': (_q, res) => void res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': String(10 * 1024 ** 3) }).end(),
    });
    h = await startHarness({
      env: { PIPELINES_DIR: path.join(ROOT, 'pipelines'), FETCH_ALLOW_LOOPBACK: 'true', VIDEO_MAX_BYTES: String(50 * 1024 * 1024) },
    });
  });
  after(async () => {
    await h?.close();
    await web?.close();
  });

  const analyze = async (url: string) => {
    const res = await paidPost(h, '/analyze', { url });
    assert.equal(res.status, 202, res.text);
    return pollJob(h.url, res.json.job_id, 120);
  };

  it('finds the cuts, reads the captions, transcribes the speech and describes the video', async () => {
    const job = await analyze(`${web.url}/moved.mp4`);
    assert.equal(job.status, 'complete', job.error);
    assert.deepEqual(job.warnings, [], 'no step was skipped');
    const r = job.result;
    assert.equal(r.title, 'Pasta in ten minutes');
    assert.ok(r.duration > 6.4 && r.duration < 10, `duration ${r.duration}`);
    for (const word of ['kitchen', 'pasta', 'tomatoes', 'recipe'])
      assert.match(r.transcript, new RegExp(word), `transcript: ${r.transcript}`);
    assert.equal(r.scenes.length, 3);
    assert.ok(Math.abs(r.scenes[1].start - 2) < 0.3 && Math.abs(r.scenes[2].start - 4) < 0.3, JSON.stringify(r.scenes));
    assert.match(r.scenes[0].description, /SAVE 50 PERCENT TODAY/);
    assert.match(r.scenes[1].description, /FRESH PASTA RECIPE/);
    assert.ok(r.topics.includes('food & cooking'), `topics ${r.topics}`);
    assert.equal(r.sentiment, 'positive');
    assert.ok(r.key_moments.some((m: any) => m.kind === 'scene_change' && Math.abs(m.time - 2) < 0.3));
    assert.ok(r.key_moments.some((m: any) => m.kind === 'strong_statement' && /50 PERCENT/i.test(m.description)));
    assert.deepEqual(
      r.key_moments.map((m: any) => m.time),
      [...r.key_moments.map((m: any) => m.time)].sort((a: number, b: number) => a - b),
    );
    assert.ok(r.segments[0].words.length > 3, 'word timestamps');
    assert.deepEqual(
      r.on_screen_text.map((l: any) => l.text),
      ['SAVE 50 PERCENT TODAY', 'FRESH PASTA RECIPE'],
    );
    assert.match(job.engines.speech, /pocketsphinx/);
    assert.equal(job.engines.ocr, 'tesseract');
    assert.equal(job.engines.analysis, 'offline analyze analyzer');
    assert.equal(fs.existsSync(path.join(h.env.WORK_DIR, 'jobs', job.id)), false, 'work directory removed');
  });

  it('completes on a video without an audio track: empty transcript, the rest from on-screen text', async () => {
    const job = await analyze(`${web.url}/silent.mp4`);
    assert.equal(job.status, 'complete', job.error);
    const r = job.result;
    assert.equal(r.transcript, '');
    assert.deepEqual(r.segments, []);
    assert.deepEqual(
      r.on_screen_text.map((l: any) => l.text),
      ['THE BEST PASTA RECIPE', 'COOK IT WITH FRESH TOMATOES'],
    );
    assert.ok(r.topics.includes('food & cooking'), `topics ${r.topics}`);
    assert.equal(r.sentiment, 'positive');
    assert.ok('language' in r && (r.language === null || r.language === 'en'), `language ${r.language}`);
    assert.deepEqual(r.missing_evidence, ['speech: the video has no audio track; topics, sentiment and language come from on-screen text']);
    assert.equal(r.scenes.length, 2);
    assert.deepEqual(job.warnings, []);
    assert.equal(job.engines.speech, undefined);
  });

  it('refuses, after verifying the payment and before settling it, a source known to fail: 422, nothing charged', async () => {
    const closed = await startFileServer({});
    const deadUrl = `${closed.url}/x.mp4`;
    await closed.close();
    const cases: Array<[string, RegExp]> = [
      [deadUrl, /could not be reached \(ECONNREFUSED\)/],
      [`${web.url}/gone.mp4`, /answered HTTP 410/],
      [`${web.url}/huge.mp4`, /10240 MiB; the limit is 50 MiB/],
      [`${web.url}/to-metadata.mp4`, /blocked.*169\.254\.169\.254/],
      // A damaged upload (an MP4 file type box, then no MP4 structure) and a page without a video: they used to be charged, then fail.
      [`${web.url}/corrupt.mp4`, /not a readable video/],
      [`${web.url}/page.html`, /the page at the URL holds no video that can be downloaded \(Unsupported URL/],
    ];
    await refusedBeforeSettlement(h, cases);
  });

  it('refuses, before settling, a page when yt-dlp is not installed and a video over the length limit', async () => {
    const h2 = await startHarness({
      env: {
        PIPELINES_DIR: path.join(ROOT, 'pipelines'),
        FETCH_ALLOW_LOOPBACK: 'true',
        YTDLP_PATH: '/nonexistent/yt-dlp',
        VIDEO_MAX_SECONDS: '5',
      },
    });
    try {
      await refusedBeforeSettlement(h2, [
        [`${web.url}/page.html`, /the page at the URL needs yt-dlp, which is not installed on this server/],
        [`${web.url}/clip.mp4`, /the video URL is \d+ s long; the limit is 5 s/],
      ]);
    } finally {
      await h2.close();
    }
  });

  it('refuses loopback addresses unless FETCH_ALLOW_LOOPBACK is set', async () => {
    const h3 = await startHarness({ env: { PIPELINES_DIR: path.join(ROOT, 'pipelines') } });
    try {
      // A loopback literal is refused on its face: a 400 before any payment is asked for.
      const res = await postJson(`${h3.url}/analyze`, { url: `${web.url}/clip.mp4` });
      assert.equal(res.status, 400, res.text);
      assert.match(res.json.error, /127\.0\.0\.1 is a blocked address \(loopback\)/);
    } finally {
      await h3.close();
    }
  });

  it('answers 400 for a missing or non-http url, before any payment', async () => {
    for (const body of [{}, { url: 'ftp://example.com/v.mp4' }, { url: 'not a url' }]) {
      const res = await postJson(`${h.url}/analyze`, body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.match(res.json.error, /url/);
    }
  });
});

/** Each paid request is answered 422 with its reason and "Nothing was charged.", no job, and no USDC moves. */
async function refusedBeforeSettlement(h: Harness, cases: Array<[string, RegExp]>): Promise<void> {
  const { balanceOf, dev } = devnetClients(h);
  const payer = privateKeyToAccount(dev.payerKey).address;
  for (const [url, reason] of cases) {
    const before = await balanceOf(payer);
    const res = await paidPost(h, '/analyze', { url });
    assert.equal(res.status, 422, `${url}: ${res.text}`);
    assert.match(res.json.error, reason, url);
    assert.match(res.json.error, /Nothing was charged\.$/);
    assert.equal(res.json.job_id, undefined);
    assert.equal(await balanceOf(payer), before, `${url}: nothing moved on the chain`);
  }
}
