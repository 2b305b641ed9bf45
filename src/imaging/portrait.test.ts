import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import sharp from 'sharp';
import type { Face } from './faces.js';
import { composePortrait, PORTRAIT_SIZE } from './portrait.js';

/** A face box in the upper middle of a 400x500 photo (the mesh is not used by the composition). */
const face: Face = { box: [100, 100, 200, 240], mesh: [], yaw: 0, pitch: 0, roll: 0, score: 0.95 };

describe('composePortrait', () => {
  it('segments the photo once, and answers a 1024x1024 JPEG with the person on a backdrop of the palette', async () => {
    const { data } = await sharp({ create: { width: 400, height: 500, channels: 3, background: '#c8a080' } })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const masks: string[] = [];
    // The person is the middle third of the photo.
    const segment = async (_rgb: Buffer, w: number, h: number) => {
      masks.push(`${w}x${h}`);
      return Buffer.from(Array.from({ length: w * h }, (_, i) => (i % w > w / 3 && i % w < (2 * w) / 3 ? 255 : 0)));
    };
    const teal: [number, number, number] = [31, 122, 122];
    const jpeg = await composePortrait({ rgb: data, width: 400, height: 500 }, face, { backdrop: teal, tint: [200, 220, 220] }, segment);
    assert.deepEqual(masks, ['400x500']);
    const meta = await sharp(jpeg).metadata();
    assert.deepEqual([meta.format, meta.width, meta.height], ['jpeg', PORTRAIT_SIZE, PORTRAIT_SIZE]);
    // A corner is backdrop: teal-ish (more green and blue than red), not the photo's skin tone.
    const { data: px } = await sharp(jpeg)
      .extract({ left: 80, top: 80, width: 40, height: 40 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const mean = [0, 1, 2].map((c) => px.filter((_, i) => i % 3 === c).reduce((a, b) => a + b, 0) / (px.length / 3));
    assert.ok(mean[1] > mean[0] + 20 && mean[2] > mean[0] + 20, `corner ${mean.map(Math.round)}`);
  });
});
