import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { paidJob } from '../support/devnet.js';
import { type FileServer, file, startFileServer } from '../support/file-server.js';
import { type Harness, ROOT, startHarness } from '../support/harness.js';
import { makeReel, type ReelSpec, reelTimeline } from '../support/reel-clips.js';

const CAPTIONS = ['WE FLEW', 'TO LISBON FOR', 'THE WEEKEND', 'AND FOUND', 'A TINY BAKERY', 'NEAR THE RIVER', 'BEST PASTRY', 'OF MY LIFE'];

/**
 * A vlog as reels are made: photos under a moving camera (a slow zoom, a pan, a shaking hand), joined by a
 * cross-fade of 1 s, a fade through black and a cut, a shop sign in the picture, and TikTok-style captions
 * (two or three words at a time, white with a black outline, mid-frame) over all of it. Made at test time with
 * ffmpeg and served from 127.0.0.1; one /analyze job, read through the real Tesseract.
 */
const VLOG: ReelSpec = {
  shots: [
    { seconds: 3.5, photo: 'party', motion: 'zoom', into: { kind: 'dissolve', seconds: 1 } },
    { seconds: 3.5, photo: 'mosaic', motion: 'pan', sign: 'FRESH BREAD', into: { kind: 'fade', seconds: 1 } },
    { seconds: 3, photo: 'portrait', motion: 'shake', sign: 'OPEN DAILY' },
    { seconds: 2, photo: 'party' },
  ],
  captions: CAPTIONS.map((text, i) => ({ text, from: i * 1.25, to: (i + 1) * 1.25 })),
};

describe('/analyze on a reel: gradual transitions and outlined captions', () => {
  let h: Harness;
  let web: FileServer;
  let result: any;

  before(async () => {
    web = await startFileServer({ '/vlog.mp4': file(await makeReel(VLOG)) });
    h = await startHarness({ env: { PIPELINES_DIR: path.join(ROOT, 'pipelines'), FETCH_ALLOW_LOOPBACK: 'true' } });
    const job = await paidJob(h, '/analyze', { url: `${web.url}/vlog.mp4` }, 180);
    assert.equal(job.status, 'complete', job.error);
    result = job.result;
  });
  after(async () => {
    await h?.close();
    await web?.close();
  });

  it('finds the cross-fade and the fade through black as boundaries near their middle, and no cut where the camera moves', () => {
    const truth = reelTimeline(VLOG).boundaries.map((b) => b.time);
    const starts = result.scenes.slice(1).map((s: any) => s.start);
    assert.equal(starts.length, truth.length, `scenes start at ${JSON.stringify(starts)}; boundaries at ${JSON.stringify(truth)}`);
    truth.forEach((t, i) => assert.ok(Math.abs(starts[i] - t) <= 0.8, `boundary ${t}: found ${starts[i]}`));
  });

  it('reads each outlined caption word for word, with its confidence and agreement, and no words of the signs', () => {
    const texts = result.on_screen_text.map((l: any) => l.text);
    for (const caption of CAPTIONS) assert.ok(texts.includes(caption), `${caption} in ${JSON.stringify(texts)}`);
    const captionWords = new Set(CAPTIONS.flatMap((c) => c.split(' ')));
    const stray = texts.flatMap((t: string) => t.split(/\s+/)).filter((w: string) => !captionWords.has(w));
    assert.deepEqual(stray, [], JSON.stringify(result.on_screen_text));
    for (const l of result.on_screen_text) {
      assert.ok(l.confidence >= 0.7 && l.confidence <= 1, JSON.stringify(l));
      assert.ok(l.readings >= 1 && l.agreement > 0 && l.agreement <= 1, JSON.stringify(l));
    }
  });
});
