import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { SCREENSHOTS, sceneBoundaries, stillsXfade } from '../../../test/support/scene-clips.js';

/**
 * Two near-white screenshots of thin text joined by ffmpeg's 1.2 s `diagbr` (as seed 12321's families draw one): at the
 * tiny size both are pale fields of one palette, and no frame of the wipe changes much. Their structure at twice
 * that size (where the text lies) tells the two pictures apart.
 */
function paleWipe(): Promise<string> {
  return stillsXfade(
    'pale-wipe',
    [
      { photo: path.join(SCREENSHOTS, 'screenshot-faceid.jpg'), seconds: 4.13 },
      { photo: path.join(SCREENSHOTS, 'screenshot-vrm.jpg'), seconds: 2.96 },
    ],
    { transition: 'diagbr', duration: 1.2, offset: 2.8 },
  );
}

describe('detect_scenes: a diagonal wipe between two pale screenshots', () => {
  it('finds one boundary at the middle of the wipe (the real step and engine)', async () => {
    const cuts = await sceneBoundaries(await paleWipe());
    assert.equal(cuts.length, 1, `one boundary, found ${JSON.stringify(cuts)}`);
    assert.ok(Math.abs(cuts[0] - 3.4) <= 0.8, `at 3.4 s, found ${cuts[0]}`);
  });
});
