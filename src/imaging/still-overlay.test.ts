import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { stillPixels } from './still-overlay.js';

const [W, H] = [64, 32];

/** A striped picture shifted `dx` pixels (a pan), with a white bar (the overlay) at a fixed place. */
function frame(dx: number, overlay = true): Uint8Array {
  const g = new Uint8Array(W * H);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) g[y * W + x] = overlay && y >= 12 && y < 18 && x >= 20 && x < 40 ? 255 : ((x + dx) >> 2) % 2 ? 200 : 40;
  return g;
}

describe('the overlay that stays while the picture moves', () => {
  it('tells nothing on a still picture', () => {
    assert.equal(stillPixels(frame(0), [frame(0), frame(0)], W, H), null);
  });

  it('keeps the overlay, and the picture only where it did not change, when the picture pans', () => {
    const still = stillPixels(frame(4), [frame(0), frame(8)], W, H);
    assert.ok(still);
    for (let y = 12; y < 18; y++) for (let x = 20; x < 40; x++) assert.equal(still[y * W + x], 1, 'the overlay');
    // Stripes 4 pixels wide shifted by 4: every pixel of the picture away from the overlay changed.
    const away = [...still.keys()].filter((i) => i % W < 16 || i % W > 44 || ((i / W) | 0) < 10 || ((i / W) | 0) > 20);
    assert.ok(away.every((i) => still[i] === 0));
  });

  it('keeps an overlay shown in one neighbour only (a caption that ends at this sample)', () => {
    const still = stillPixels(frame(4), [frame(0), frame(8, false)], W, H);
    assert.ok(still);
    assert.equal(still[15 * W + 30], 1);
  });
});
