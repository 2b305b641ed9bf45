import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { paidPost } from '../support/devnet.js';
import { type Harness, pollJob, ROOT, startHarness } from '../support/harness.js';
import { type OpenAiServer, startOpenAiServer } from '../support/openai-server.js';

/** A public-domain portrait (Debian's facedetect examples, unpacked by scripts/setup.sh). */
const PORTRAIT = path.join(ROOT, 'test-artifacts', 'photos', 'grace_hopper.jpg');

describe('/hair-formula on real face photos', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness({ env: { PIPELINES_DIR: path.join(ROOT, 'pipelines') } });
  });
  after(() => h.close());

  const formula = async (image: Buffer) => {
    const res = await paidPost(h, '/hair-formula', { image_b64: image.toString('base64') });
    assert.equal(res.status, 202, res.text);
    return pollJob(h.url, res.json.job_id, 120);
  };

  it('measures the face, classifies its shape, and returns three recipes, three styles to avoid and share cards', async () => {
    const job = await formula(fs.readFileSync(PORTRAIT));
    assert.equal(job.status, 'complete', job.error);
    const r = job.result;
    assert.ok(['oval', 'round', 'square', 'heart', 'oblong', 'diamond'].includes(r.face_shape));
    assert.ok(r.confidence >= 0.5 && r.confidence <= 0.95);
    assert.ok(r.measurements.length_to_width > 0.8 && r.measurements.length_to_width < 1.6, JSON.stringify(r.measurements));
    assert.ok(Math.abs(r.measurements.yaw_degrees) < 15);
    assert.equal(r.recipes.length, 3);
    for (const recipe of r.recipes) {
      assert.match(recipe.clipper_guards, /#\d/);
      assert.ok(recipe.barber_script.length > 30);
      assert.ok(recipe.products.length >= 1);
    }
    assert.equal(r.avoid.length, 3);
    assert.equal(r.share_cards.length, 3);
    const card = await sharp(Buffer.from(r.share_cards[0].image_b64, 'base64')).metadata();
    assert.deepEqual([card.format, card.width, card.height], ['png', 600, 340]);
    assert.equal(r.share_cards[0].title, r.recipes[0].name);
    assert.match(job.engines.faces, /human/);
  });

  it('measures the same face mirrored alike, and is unsure when it sits between two shapes', async () => {
    const original = await formula(fs.readFileSync(PORTRAIT));
    const mirrored = await formula(await sharp(PORTRAIT).flop().jpeg().toBuffer());
    for (const k of ['length_to_width', 'jaw_to_cheekbones', 'forehead_to_cheekbones']) {
      assert.ok(Math.abs(mirrored.result.measurements[k] - original.result.measurements[k]) < 0.03, k);
    }
    // This face lies near the oval/round boundary: a mirrored photo may fall on either side, never confidently.
    if (mirrored.result.face_shape !== original.result.face_shape) {
      assert.ok(
        original.result.confidence < 0.6 && mirrored.result.confidence < 0.6,
        `${original.result.confidence} ${mirrored.result.confidence}`,
      );
    }
    // Nothing carries over between photos (Human reuses the last frame's faces unless told not to).
    const again = await formula(fs.readFileSync(PORTRAIT));
    assert.deepEqual(again.result.measurements, original.result.measurements);
  });

  it('fails the job with a clear error for a photo without a face, or with several people', async () => {
    const empty = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#8899aa' } })
      .jpeg()
      .toBuffer();
    const none = await formula(empty);
    assert.equal(none.status, 'failed');
    assert.match(none.error, /no face was found/);
    // Two people side by side, the same size: whose haircut would it be?
    const left = await sharp(PORTRAIT).toBuffer();
    const right = await sharp(PORTRAIT).flop().toBuffer();
    const pair = await sharp({ create: { width: 1024, height: 512, channels: 3, background: '#000' } })
      .composite([
        { input: left, left: 0, top: 0 },
        { input: right, left: 512, top: 0 },
      ])
      .jpeg()
      .toBuffer();
    const many = await formula(pair);
    assert.equal(many.status, 'failed');
    assert.match(many.error, /\d+ faces were found in the photo; send a photo of one person/);
  });
});

describe('/hair-formula refined by a vision model (OpenAI protocol)', () => {
  let h: Harness;
  let ai: OpenAiServer;
  before(async () => {
    ai = await startOpenAiServer();
    h = await startHarness({
      env: {
        PIPELINES_DIR: path.join(ROOT, 'pipelines'),
        LLM_PROVIDER: 'openai-compatible',
        LLM_MODEL: 'vision-test',
        LLM_BASE_URL: ai.url,
        LLM_VISION: 'true',
      },
    });
  });
  after(async () => {
    await h?.close();
    await ai?.close();
  });

  const formula = async () => {
    const res = await paidPost(h, '/hair-formula', { image_b64: fs.readFileSync(PORTRAIT).toString('base64') });
    assert.equal(res.status, 202, res.text);
    const job = await pollJob(h.url, res.json.job_id, 120);
    assert.equal(job.status, 'complete', job.error);
    return job;
  };

  it('keeps the measurement when the model fails or answers nonsense, and says so', async () => {
    ai.answers = [{ json: { face_shape: 'triangle', confidence: 3 } }];
    const nonsense = await formula();
    assert.equal(nonsense.result.reading.decided_by, 'measurement');
    assert.equal(nonsense.result.face_shape, nonsense.result.reading.measured.face_shape);
    assert.match(nonsense.result.reading.note, /the measurement stands/);

    ai.answers = [{ status: 500, message: 'overloaded' }];
    const down = await formula();
    assert.equal(down.result.face_shape, down.result.reading.measured.face_shape);
    assert.match(down.result.reading.note, /could not be used.*the measurement stands/);
  });

  it('lets a confident reading of the photo overrule the mesh, and an agreeing one raise the confidence', async () => {
    ai.answers = [{ status: 500, message: 'find the measured shape first' }];
    const measured = (await formula()).result.reading.measured;
    const other = ['oval', 'round', 'square', 'heart', 'oblong', 'diamond'].find((s) => s !== measured.face_shape)!;

    ai.answers = [{ json: { face_shape: other, confidence: 0.99, reason: 'The hairline and jaw read clearly in the photo.' } }];
    const overruled = await formula();
    assert.equal(overruled.result.face_shape, other);
    assert.equal(overruled.result.confidence, 0.89);
    assert.equal(overruled.result.reading.decided_by, 'vision model');
    assert.equal(overruled.result.reading.vision.face_shape, other);
    assert.match(overruled.result.share_cards[0].title, /./);
    assert.match(overruled.engines.vision, /vision-test/);
    // The photo went to the model as an image, and the measurements in the prompt.
    const sent = JSON.stringify(ai.chatRequests.at(-1).messages);
    assert.match(sent, /data:image\/jpeg;base64,/);
    assert.match(sent, /length_to_width/);

    ai.answers = [{ json: { face_shape: measured.face_shape, confidence: 0.6, reason: 'Agrees with the proportions.' } }];
    const agreed = await formula();
    assert.equal(agreed.result.face_shape, measured.face_shape);
    assert.equal(agreed.result.reading.decided_by, 'measurement and vision model');
    assert.ok(agreed.result.confidence > measured.confidence);
  });
});
