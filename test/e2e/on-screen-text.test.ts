import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { paidJob } from '../support/devnet.js';
import { type FileServer, file, startFileServer } from '../support/file-server.js';
import { type Harness, ROOT, startHarness } from '../support/harness.js';
import { makeClip } from '../support/media.js';

/**
 * On-screen text and cuts as reels show them, on clips made at test time and served from 127.0.0.1:
 * captions over dense textures, captions that change within one shot, cuts between colours of the same
 * brightness.
 */
describe('/analyze: on-screen text through time and cuts', () => {
  let h: Harness;
  let web: FileServer;

  before(async () => {
    const dense = await makeClip({
      width: 720,
      height: 1280,
      scenes: [
        // Cellular automata: a full frame of one-pixel texture that tesseract alone needs half a minute for. Seeded, so
        // every machine draws the same texture (one drawn unseeded had a speck beside the caption read as a "7"; seeds 1-10 read clean).
        { seconds: 2.5, source: 'cellauto=rule=110:seed=1', caption: 'CeraVe Moisturizing Cream', captionStyle: 'outline' },
        {
          seconds: 2.5,
          source: 'life=mold=10:ratio=0.3:life_color=0x30c030:death_color=0x203020:seed=1',
          caption: 'Over 21000 km long',
        },
      ],
    });
    const reel = await makeClip({
      scenes: [
        {
          seconds: 6,
          source: 'testsrc2',
          captions: [
            { text: 'This serum works fast', from: 0, to: 2 },
            { text: 'Removes ALL wrinkles', from: 2, to: 4 },
            { text: 'Link in bio', from: 4, to: 6 },
          ],
        },
        // Red then green of nearly the same brightness (luma about 100 and 107).
        { seconds: 2, source: 'color=c=0xc83c3c' },
        { seconds: 2, source: 'color=c=0x3c8c3c' },
      ],
    });
    web = await startFileServer({ '/dense.mp4': file(dense), '/reel.mp4': file(reel) });
    h = await startHarness({ env: { PIPELINES_DIR: path.join(ROOT, 'pipelines'), FETCH_ALLOW_LOOPBACK: 'true' } });
  });
  after(async () => {
    await h?.close();
    await web?.close();
  });

  const analyze = async (url: string) => {
    const job = await paidJob(h, '/analyze', { url }, 180);
    assert.equal(job.status, 'complete', job.error);
    return job.result;
  };

  it('reads captions drawn over dense textures and completes the job', async () => {
    const r = await analyze(`${web.url}/dense.mp4`);
    const texts = r.on_screen_text.map((l: any) => l.text);
    assert.ok(texts.includes('CeraVe Moisturizing Cream'), JSON.stringify(texts));
    assert.ok(texts.includes('Over 21000 km long'), JSON.stringify(texts));
    assert.equal(r.scenes.length, 2, JSON.stringify(r.scenes));
  });

  it('reads each caption of one shot with its own times, and finds a cut between colours of the same brightness', async () => {
    const r = await analyze(`${web.url}/reel.mp4`);
    const shown = (text: string) => r.on_screen_text.find((l: any) => l.text === text);
    for (const [text, from, to] of [
      ['This serum works fast', 0, 2],
      ['Removes ALL wrinkles', 2, 4],
      ['Link in bio', 4, 6],
    ] as const) {
      const item = shown(text);
      assert.ok(item, `${text} in ${JSON.stringify(r.on_screen_text)}`);
      assert.ok(Math.abs(item.start - from) <= 0.5 && Math.abs(item.end - to) <= 0.5, `${text}: ${item.start}-${item.end}`);
      assert.equal(item.time, item.start);
    }
    // A caption that changes is not a cut; the two colours are.
    const starts = r.scenes.map((s: any) => s.start);
    assert.equal(starts.length, 3, JSON.stringify(r.scenes));
    assert.ok(Math.abs(starts[1] - 6) <= 0.3 && Math.abs(starts[2] - 8) <= 0.3, JSON.stringify(starts));
    assert.match(r.scenes[0].description, /This serum works fast.*Removes ALL wrinkles.*Link in bio/);
  });
});
