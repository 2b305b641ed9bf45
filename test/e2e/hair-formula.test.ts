import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { paidPost } from '../support/devnet.js';
import { ROOT, pollJob, startHarness, type Harness } from '../support/harness.js';

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

  it('gives the same shape for the same face mirrored, and a measurement that follows the face', async () => {
    const original = await formula(fs.readFileSync(PORTRAIT));
    const mirrored = await formula(await sharp(PORTRAIT).flop().jpeg().toBuffer());
    assert.equal(mirrored.result.face_shape, original.result.face_shape);
    assert.ok(Math.abs(mirrored.result.measurements.jaw_to_cheekbones - original.result.measurements.jaw_to_cheekbones) < 0.05);
  });

  it('fails the job with a clear error for a photo without a face, or with several people', async () => {
    const empty = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#8899aa' } }).jpeg().toBuffer();
    const none = await formula(empty);
    assert.equal(none.status, 'failed');
    assert.match(none.error, /no face was found/);
    // Two people side by side, the same size: whose haircut would it be?
    const left = await sharp(PORTRAIT).toBuffer();
    const right = await sharp(PORTRAIT).flop().toBuffer();
    const pair = await sharp({ create: { width: 1024, height: 512, channels: 3, background: '#000' } })
      .composite([{ input: left, left: 0, top: 0 }, { input: right, left: 512, top: 0 }])
      .jpeg()
      .toBuffer();
    const many = await formula(pair);
    assert.equal(many.status, 'failed');
    assert.match(many.error, /\d+ faces were found in the photo; send a photo of one person/);
  });
});
