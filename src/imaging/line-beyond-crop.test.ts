import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { lineCover } from './line-beyond-crop.js';

const [W, H, LINE] = [200, 80, 20];

/** A crop with letter blocks (8 wide, `tall` high, 12 apart) from x `from` to `to` with their feet at `foot`. */
function crop(...rows: Array<{ from: number; to: number; foot: number; tall?: number; skip?: [number, number] }>) {
  return cropOf(H, ...rows);
}

function cropOf(h: number, ...rows: Array<{ from: number; to: number; foot: number; tall?: number; skip?: [number, number] }>) {
  const clean = new Uint8Array(W * h);
  for (const { from, to, foot, tall = LINE, skip } of rows)
    for (let x = from; x + 8 <= to; x += 12) {
      if (skip && x >= skip[0] && x < skip[1]) continue;
      for (let y = foot - tall; y < foot; y++) clean.fill(1, y * W + x, y * W + x + 8);
    }
  return { clean, w: W, h, line: LINE };
}

describe('line cover', () => {
  it('counts each line of a crop of two, so letters lost from one show where the other covers their columns', () => {
    const whole = lineCover(crop({ from: 10, to: 190, foot: 30 }, { from: 10, to: 190, foot: 65, tall: 16 }));
    const lost = lineCover(crop({ from: 10, to: 190, foot: 30, skip: [80, 130] }, { from: 10, to: 190, foot: 65, tall: 16 }));
    assert.equal(whole, 2 * 15 * 8);
    assert.ok(lost < whole, `${lost} < ${whole}`);
  });

  it("counts one line's letters once, and no line of the picture's specks under it", () => {
    const one = lineCover(crop({ from: 10, to: 190, foot: 30 }));
    assert.equal(one, 15 * 8);
    assert.equal(lineCover(crop({ from: 10, to: 190, foot: 30 }, { from: 20, to: 120, foot: 70, tall: 4 })), one);
  });

  it("counts one line in a crop a line's margins taller than one, whatever shapes lie below it", () => {
    const low = cropOf(50, { from: 10, to: 190, foot: 28 }, { from: 20, to: 120, foot: 50, tall: 12 });
    assert.equal(lineCover(low), 15 * 8);
  });
});
