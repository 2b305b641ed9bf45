import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { movingText, type ReadRegion } from './moving-text.js';

const box = (left: number, width: number, top = 353) => ({ left, top, width, height: 23, line: 23 });
const region = (text: string, sample: number, b: ReturnType<typeof box>): ReadRegion => ({
  region: b,
  samples: [sample],
  boxes: [b],
  text,
});

describe('moving text', () => {
  it('keeps a caption at rest whose first letter the region finder lost in one sample', () => {
    // "I PACK" found whole, then without its "I": the left edge moves, the right edge stays.
    const regions = [region('I PACK', 3, box(122, 117)), region('I PACK', 4, box(146, 93))];
    assert.equal(movingText(regions).size, 0);
  });

  it('keeps a caption found in two pieces, each read whole, at rest', () => {
    // Caption families seed 62773, clip 40: a dark box's line found as "Best Coffee In" and "Town" in each sample, both
    // crops grown to the whole line; the two places at once were taken for words going back and forth.
    const regions = [0, 1, 2].flatMap((i) => [
      region('Best Coffee In Town', i, box(63, 131)),
      region('Best Coffee In Town', i, box(243, 54)),
    ]);
    assert.equal(movingText(regions).size, 0);
  });

  it('drops the words of a sign that the camera moves from sample to sample', () => {
    const regions = [0, 1, 2, 3].map((i) => region('FRESH BREAD', i, box(100 + i * 20, 90, 200 + i * 10)));
    assert.equal(movingText(regions).size, 4);
  });
});
