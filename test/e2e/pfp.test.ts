import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { detectFaces } from '../../src/engines/images/face-detection.js';
import { paidPost } from '../support/devnet.js';
import { type Harness, pollJob, postJson, ROOT, startHarness } from '../support/harness.js';
import { type OpenAiServer, startOpenAiServer } from '../support/openai-server.js';

/** A public-domain portrait (Debian's facedetect examples, unpacked by scripts/setup.sh). */
const PORTRAIT = path.join(ROOT, 'test-artifacts', 'photos', 'grace_hopper.jpg');

/** The portrait's pixels, its face box as a fraction of the frame, and the mean colour of a backdrop patch. */
async function inspect(b64: string) {
  const bytes = Buffer.from(b64, 'base64');
  const meta = await sharp(bytes).metadata();
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const faces = await detectFaces({ rgb: data, width: info.width, height: info.height });
  // Top corners inside the vignette: backdrop in every head-and-shoulders frame.
  const patch = (x0: number, y0: number) => {
    const sum = [0, 0, 0];
    for (let y = y0; y < y0 + 80; y++)
      for (let x = x0; x < x0 + 80; x++) for (let c = 0; c < 3; c++) sum[c] += data[(y * info.width + x) * 3 + c];
    return sum.map((v) => v / 6400);
  };
  const [l, r] = [patch(60, 60), patch(info.width - 140, 60)];
  return { meta, faces, backdrop: [0, 1, 2].map((c) => (l[c] + r[c]) / 2) };
}

const centreOf = (box: number[], size: number) => [(box[0] + box[2] / 2) / size, (box[1] + box[3] / 2) / size];

describe('/pfp: an editorial portrait, composed offline', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness({ env: { PIPELINES_DIR: path.join(ROOT, 'pipelines') } });
  });
  after(() => h.close());

  const portrait = async (body: Record<string, unknown>) => {
    const res = await paidPost(h, '/pfp', body);
    assert.equal(res.status, 202, res.text);
    return pollJob(h.url, res.json.job_id, 120);
  };

  it('frames the face in the centre of a 1024x1024 JPEG, on a backdrop in the colours asked for', async () => {
    const photo = fs.readFileSync(PORTRAIT).toString('base64');
    const teal = await portrait({
      image_b64: photo,
      color_palette: 'deep teal and gold',
      clothing_style: 'navy blazer',
      pose: 'arms crossed',
    });
    assert.equal(teal.status, 'complete', teal.error);
    assert.equal(teal.result.mime_type, 'image/jpeg');
    assert.deepEqual([teal.result.width, teal.result.height], [1024, 1024]);
    const t = await inspect(teal.result.image_b64);
    assert.deepEqual([t.meta.format, t.meta.width, t.meta.height], ['jpeg', 1024, 1024]);
    assert.equal(t.faces.length, 1, 'one face in the portrait');
    const [cx, cy] = centreOf(t.faces[0].box, 1024);
    assert.ok(Math.abs(cx - 0.5) < 0.05, `face centre x ${cx}`);
    assert.ok(cy > 0.3 && cy < 0.52, `face centre y ${cy}`);
    // Teal: green and blue well above red.
    const [r, g, b] = t.backdrop;
    assert.ok(g > r + 25 && b > r + 25, `teal backdrop, got rgb(${t.backdrop.map(Math.round)})`);
    // Honest about what an offline portrait cannot do.
    assert.deepEqual(teal.result.applied, { clothing_style: false, color_palette: true, pose: false });
    assert.ok(teal.result.notes.some((n: string) => /clothing_style needs an image model/.test(n)));
    assert.ok(teal.result.notes.some((n: string) => /pose needs an image model/.test(n)));
    assert.match(teal.engines.portrait, /offline composition/);

    const earth = await portrait({ image_b64: photo, color_palette: 'warm earth tones' });
    const e = await inspect(earth.result.image_b64);
    assert.ok(e.backdrop[0] > e.backdrop[2] + 25, `warm backdrop, got rgb(${e.backdrop.map(Math.round)})`);
    assert.deepEqual(earth.result.applied, { clothing_style: false, color_palette: true, pose: false });
  });

  it('centres a face that sits off-centre in a large photo, and says when the palette is not understood', async () => {
    // The portrait small, in the lower left of a wide grey frame.
    const wide = await sharp({ create: { width: 1600, height: 1100, channels: 3, background: '#b0b4a8' } })
      .composite([{ input: await sharp(PORTRAIT).resize(400).toBuffer(), left: 120, top: 700 }])
      .jpeg()
      .toBuffer();
    const job = await portrait({ image_b64: wide.toString('base64'), color_palette: 'ultra-sheen vibes' });
    assert.equal(job.status, 'complete', job.error);
    const p = await inspect(job.result.image_b64);
    assert.equal(p.faces.length, 1);
    const [cx, cy] = centreOf(p.faces[0].box, 1024);
    assert.ok(Math.abs(cx - 0.5) < 0.05 && cy > 0.3 && cy < 0.52, `face centre ${cx}, ${cy}`);
    assert.deepEqual(job.result.applied, { clothing_style: false, color_palette: false, pose: false });
    assert.match(job.result.notes.join(' '), /no colour was recognised in color_palette "ultra-sheen vibes"/);
  });

  it('fails a photo without a face, and refuses a request that is not an image before payment', async () => {
    const empty = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#446688' } })
      .jpeg()
      .toBuffer();
    const none = await portrait({ image_b64: empty.toString('base64') });
    assert.equal(none.status, 'failed');
    assert.match(none.error, /no face was found/);

    const notImage = await postJson(`${h.url}/pfp`, { image_b64: Buffer.from('this is plain text, not a photo').toString('base64') });
    assert.equal(notImage.status, 400);
    assert.match(notImage.json.error, /PNG or JPEG/);
    const unknownField = await postJson(`${h.url}/pfp`, { image_b64: fs.readFileSync(PORTRAIT).toString('base64'), lighting: 'dramatic' });
    assert.equal(unknownField.status, 400);
  });
});

describe('/pfp with an image model (OpenAI images/edits protocol)', () => {
  let h: Harness;
  let ai: OpenAiServer;
  before(async () => {
    ai = await startOpenAiServer();
    h = await startHarness({
      env: { PIPELINES_DIR: path.join(ROOT, 'pipelines'), IMAGE_PROVIDER: 'openai', IMAGE_BASE_URL: ai.url, IMAGE_MODEL: 'gpt-image-test' },
    });
  });
  after(async () => {
    await h?.close();
    await ai?.close();
  });

  it('sends the photo and the prompt with style, palette and pose, and returns the image as a 1024x1024 JPEG', async () => {
    // The "model" answers a 1536x1024 PNG: the result is still the documented square JPEG.
    ai.imageEdit = {
      image: await sharp({ create: { width: 1536, height: 1024, channels: 3, background: '#204060' } })
        .png()
        .toBuffer(),
    };
    const photo = fs.readFileSync(PORTRAIT);
    const res = await paidPost(h, '/pfp', {
      image_b64: photo.toString('base64'),
      clothing_style: 'navy blazer, white shirt',
      color_palette: 'warm earth tones',
      pose: 'three-quarter',
    });
    assert.equal(res.status, 202, res.text);
    const job = await pollJob(h.url, res.json.job_id, 120);
    assert.equal(job.status, 'complete', job.error);
    const meta = await sharp(Buffer.from(job.result.image_b64, 'base64')).metadata();
    assert.deepEqual([meta.format, meta.width, meta.height], ['jpeg', 1024, 1024]);
    assert.deepEqual(job.result.applied, { clothing_style: true, color_palette: true, pose: true });
    assert.match(job.engines.portrait, /gpt-image-test/);

    const sent = ai.imageEditRequests.at(-1)!;
    assert.equal(sent.model, 'gpt-image-test');
    assert.equal(sent.size, '1024x1024');
    assert.equal(sent.image, photo.length, 'the photo is sent as it came');
    assert.match(String(sent.prompt), /navy blazer, white shirt/);
    assert.match(String(sent.prompt), /warm earth tones/);
    assert.match(String(sent.prompt), /three-quarter/);
  });

  it('fails the job with the provider error, and never calls it for a photo without a face', async () => {
    ai.imageEdit = { status: 400, message: 'Your request was rejected by the safety system.' };
    const res = await paidPost(h, '/pfp', { image_b64: fs.readFileSync(PORTRAIT).toString('base64') });
    const job = await pollJob(h.url, res.json.job_id, 120);
    assert.equal(job.status, 'failed');
    assert.match(job.error, /the image model failed \(HTTP 400\): .*safety system/);

    const calls = ai.imageEditRequests.length;
    const empty = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#446688' } })
      .jpeg()
      .toBuffer();
    const none = await pollJob(h.url, (await paidPost(h, '/pfp', { image_b64: empty.toString('base64') })).json.job_id, 60);
    assert.match(none.error, /no face was found/);
    assert.equal(ai.imageEditRequests.length, calls);
  });
});
