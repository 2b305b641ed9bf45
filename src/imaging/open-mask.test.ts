import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { randomMask, seededRandom } from '../../test/support/random-masks.js';
import { dilateMask, openMask } from './open-mask.js';

/** Each pixel the AND (`erode`) or OR of the pixels within r of it that lie in the frame: the definition, a pixel at a time. */
function byDefinition(mask: Uint8Array, w: number, h: number, r: number, erode: boolean): Uint8Array {
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let v = erode ? 1 : 0;
      for (let j = Math.max(0, y - r); j <= Math.min(h - 1, y + r); j++) {
        for (let i = Math.max(0, x - r); i <= Math.min(w - 1, x + r); i++)
          v = erode ? v & (mask[j * w + i] ? 1 : 0) : v | (mask[j * w + i] ? 1 : 0);
      }
      out[y * w + x] = v;
    }
  }
  return out;
}

describe('openMask and dilateMask', () => {
  it('match the definition on random masks of every width about a word of pixels, up to the frame edges', () => {
    const random = seededRandom(2026);
    for (let n = 0; n < 400; n++) {
      const [w, h, r] = [1 + Math.floor(random() * 80), 1 + Math.floor(random() * 20), 1 + Math.floor(random() * 2)];
      const density = random();
      // Bytes other than 0 and 1 count as set, as a mask built by a comparison's 255 would.
      const mask = randomMask(random, w, h, density, () => (random() < 0.5 ? 1 : 255));
      const opened = byDefinition(byDefinition(mask, w, h, r, true), w, h, r, false);
      assert.deepEqual(openMask(mask, w, h, r), opened, `opening ${w}x${h} r=${r}`);
      assert.deepEqual(dilateMask(mask, w, h, r), byDefinition(mask, w, h, r, false), `dilation ${w}x${h} r=${r}`);
    }
  });

  it('keeps text the frame edge cuts, and takes off a speck and a hairline', () => {
    const [w, h] = [40, 12];
    const mask = new Uint8Array(w * h);
    // A 4 x 6 block cut by the left edge, a lone pixel, a one-pixel-thick line.
    for (let y = 0; y < 6; y++) for (let x = 0; x < 4; x++) mask[y * w + x] = 1;
    mask[5 * w + 20] = 1;
    for (let x = 10; x < 38; x++) mask[10 * w + x] = 1;
    const opened = openMask(mask, w, h, 1);
    const set = [...opened.keys()].filter((i) => opened[i]);
    assert.deepEqual(
      set,
      [...mask.keys()].filter((i) => mask[i] && i % w < 4),
    );
  });
});
