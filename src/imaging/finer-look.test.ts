import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { wantsFinerLook, withFinerLines } from './finer-look.js';
import { maskBit, type TextLayer, type TextRegion } from './text-layer.js';

const line = (left: number, top: number, width: number, height: number): TextRegion => ({
  left,
  top,
  width,
  height,
  line: height,
  lightBackground: false,
});

/** A layer `width` x `height` whose mask holds the regions' boxes. */
function layer(width: number, height: number, regions: TextRegion[], scale = 2): TextLayer {
  const mask = new Uint8Array(Math.ceil((width * height) / 8));
  for (const r of regions)
    for (let y = r.top; y < r.top + r.height; y++)
      for (let x = r.left; x < r.left + r.width; x++) mask[(y * width + x) >> 3] |= 1 << ((y * width + x) & 7);
  return { width, height, scale, sourceWidth: width * scale, sourceHeight: height * scale, mask, regions };
}

const bit = (l: TextLayer, x: number, y: number) => maskBit(l.mask, y * l.width + x);

describe('the finer look at twice the analysis size', () => {
  it('is taken where only small lines or none were found, and the source has the pixels', () => {
    assert.equal(wantsFinerLook(layer(64, 36, [])), true);
    assert.equal(wantsFinerLook(layer(64, 36, [line(4, 4, 40, 8)])), true);
    assert.equal(wantsFinerLook(layer(64, 36, [line(4, 4, 40, 8), line(4, 16, 50, 14)])), false);
    assert.equal(wantsFinerLook(layer(64, 36, [], 1)), false);
  });

  it('adds the lines found on rows without one, at the analysis size, and keeps what was found', () => {
    const coarse = layer(64, 36, [line(4, 4, 40, 8)]);
    // At twice the size: the same line again (longer), and a line on rows the coarse layer has none.
    const finer = layer(128, 72, [line(6, 8, 100, 16), line(9, 40, 61, 10)]);
    const out = withFinerLines(coarse, finer, 6);
    assert.deepEqual(out.regions, [line(4, 4, 40, 8), { ...line(4, 20, 31, 5), line: 5 }]);
    assert.equal(bit(out, 10, 22), 1, 'the added line shows in the mask');
    assert.equal(bit(out, 50, 6), 0, "the finer look's pixels beside a line found stay out of the mask");
  });

  it('takes nothing where it finds more lines than a caption has: texture lined up', () => {
    const coarse = layer(64, 36, []);
    const finer = layer(128, 72, [line(0, 0, 60, 10), line(0, 16, 60, 10), line(0, 32, 60, 10), line(0, 48, 60, 10)]);
    assert.equal(withFinerLines(coarse, finer, 6), coarse);
  });
});
