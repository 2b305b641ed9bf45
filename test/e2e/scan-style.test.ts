import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { paidPost } from '../support/devnet.js';
import { PAGE_LINES, photographedPage } from '../support/documents.js';
import { type FileServer, file, startFileServer } from '../support/file-server.js';
import { type Harness, pollJob, postJson, ROOT, startHarness } from '../support/harness.js';

/** POST /scan-style with photos of pages made at test time (known corners, known text). */
describe('/scan-style', () => {
  let h: Harness;
  let web: FileServer;
  let photo: { file: string; corners: Array<[number, number]> };

  before(async () => {
    photo = await photographedPage();
    web = await startFileServer({ '/page.jpg': file(photo.file, 'image/jpeg') });
    h = await startHarness({ env: { PIPELINES_DIR: path.join(ROOT, 'pipelines'), FETCH_ALLOW_LOOPBACK: 'true' } });
  });
  after(async () => {
    await h?.close();
    await web?.close();
  });

  const scan = async (body: unknown) => {
    const res = await paidPost(h, '/scan-style', body);
    assert.equal(res.status, 202, res.text);
    const job = await pollJob(h.url, res.json.job_id, 60);
    assert.equal(job.status, 'complete', job.error);
    return job.result;
  };

  it('flattens a photographed page: corners within 2% of truth, a 2K PNG at the page shape, text that reads back', async () => {
    const r = await scan({ image_b64: fs.readFileSync(photo.file).toString('base64') });
    assert.equal(r.mime_type, 'image/png');
    assert.equal(Math.max(r.width, r.height), 2048);
    assert.ok(Math.abs(r.width / r.height - 8.5 / 11) < 0.01, `aspect ${r.width / r.height}`);
    const diagonal = Math.hypot(1600, 1300);
    r.corners.forEach(([x, y]: number[], i: number) =>
      assert.ok(Math.hypot(x - photo.corners[i][0], y - photo.corners[i][1]) < 0.02 * diagonal, `corner ${i}: ${x},${y}`),
    );
    const png = Buffer.from(r.image_b64, 'base64');
    const meta = await sharp(png).metadata();
    assert.equal(meta.format, 'png');
    assert.deepEqual([meta.width, meta.height], [r.width, r.height]);
    const out = path.join(ROOT, 'test-artifacts', 'documents', 'scanned.png');
    fs.writeFileSync(out, png);
    const text = execFileSync('tesseract', [out, '-', '--psm', '4'], { stdio: ['ignore', 'pipe', 'ignore'] }).toString();
    for (const line of PAGE_LINES) assert.match(text, new RegExp(line), `OCR after flattening: ${text}`);
  });

  it('takes the photo from a URL too', async () => {
    const r = await scan({ image_url: `${web.url}/page.jpg` });
    assert.ok(r.corners);
  });

  it('says so when no page outline is found, and still returns the cleaned image', async () => {
    const plain = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#ffffff' } })
      .composite([
        {
          input: Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><text x="40" y="300" font-family="DejaVu Sans" font-size="40">Just some text</text></svg>',
          ),
        },
      ])
      .png()
      .toBuffer();
    const r = await scan({ image_b64: plain.toString('base64') });
    assert.equal(r.corners, null);
    assert.match(r.note, /no page outline was found/);
    assert.equal(r.width, 2048);
  });

  it('answers 400 before payment for input that is not a usable image', async () => {
    const tiny = (
      await sharp({ create: { width: 20, height: 20, channels: 3, background: '#fff' } })
        .png()
        .toBuffer()
    ).toString('base64');
    const huge = Buffer.concat([
      await sharp({ create: { width: 100, height: 100, channels: 3, background: '#fff' } })
        .png()
        .toBuffer(),
      Buffer.alloc(11 * 1024 * 1024),
    ]).toString('base64');
    const cases: Array<[unknown, RegExp]> = [
      [{ image_b64: 'this is not base64 at all!' }, /image_b64: is not base64/],
      [{ image_b64: Buffer.from('GIF89a just some text that is no image').toString('base64') }, /image_b64: it is not a PNG or JPEG image/],
      [{ image_b64: tiny }, /image_b64: is 20x20 pixels; at least 64x64 is needed/],
      [{ image_b64: huge }, /image_b64: is larger than 10 MiB/],
      [{}, /must match exactly one schema|image_b64|image_url/],
      [{ image_url: 'file:///etc/passwd' }, /image_url/],
    ];
    for (const [body, error] of cases) {
      const res = await postJson(`${h.url}/scan-style`, body);
      assert.equal(res.status, 400, JSON.stringify(body).slice(0, 80));
      assert.match(res.json.error, error);
    }
  });
});
