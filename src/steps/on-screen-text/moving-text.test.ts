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

  it('keeps a caption of two lines at rest, read whole in some samples and one line of it in others', () => {
    // Caption families seed 20893, clip 23: black capitals with a white outline over a panning photo. The region
    // holds both lines or the second alone, and its box takes in a speck of the picture at one end or the other.
    const at = (left: number, top: number, width: number, height: number, line: number) => ({ left, top, width, height, line });
    const regions = [
      region('WAIT FOR THE HOW WE BUILT IT', 0, at(221, 170, 197, 52, 17)),
      region('HOW WE BUILT IT', 1, at(221, 198, 198, 24, 24)),
      region('WAIT FOR HOW WE BUILT IT', 2, at(214, 170, 204, 46, 17)),
      region('WAIT END HOW WE BUILT IT', 3, at(221, 170, 204, 46, 17)),
      region('HOW WE BUILT IT', 4, at(221, 198, 197, 18, 18)),
      region('THE END HOW WE BUILT IT', 5, at(222, 169, 202, 47, 18)),
    ];
    assert.equal(movingText(regions).size, 0);
  });

  it('drops a moving sign read whole in some samples and in part in others', () => {
    // "BREAD" is the right-hand end of "FRESH BREAD"'s box, and the sign moves 20 pixels right and 10 down a sample.
    const regions = [0, 1, 2, 3].map((i) =>
      i % 2 ? region('BREAD', i, box(140 + i * 20, 50, 200 + i * 10)) : region('FRESH BREAD', i, box(100 + i * 20, 90, 200 + i * 10)),
    );
    assert.equal(movingText(regions).size, 4);
  });

  it('drops the words of a sign that the camera moves from sample to sample', () => {
    const regions = [0, 1, 2, 3].map((i) => region('FRESH BREAD', i, box(100 + i * 20, 90, 200 + i * 10)));
    assert.equal(movingText(regions).size, 4);
  });
});
