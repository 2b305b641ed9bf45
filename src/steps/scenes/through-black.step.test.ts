import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { SCREENSHOTS, sceneBoundaries, stillsXfade } from '../../../test/support/scene-clips.js';

/**
 * Two screenshots joined by ffmpeg's 2 s `circlecrop` (seed 5's, as bench/quality's families draw it): the first
 * closes to black in a shrinking circle, the frame stays black for most of a second, the second opens out of it.
 * Neither half is a mix of the two shots: each is found as its own transition, into black and out of it.
 */
function irisThroughBlack(): Promise<string> {
  return stillsXfade(
    'iris',
    [
      { photo: path.join(SCREENSHOTS, 'screenshot-facedetect.jpg'), seconds: 3.253, crop: 'crop=iw*0.805:ih*0.805:iw*0.198:ih*0.025' },
      { photo: path.join(SCREENSHOTS, 'screenshot-facematch.jpg'), seconds: 3.266, crop: 'crop=iw*0.845:ih*0.845:iw*0.027:ih*0.147' },
    ],
    { transition: 'circlecrop', duration: 1.986, offset: 1.267 },
  );
}

describe('detect_scenes: an iris out to black and in from it', () => {
  it('finds one boundary at the middle of the transition, not one each side of the black (the real step and engine)', async () => {
    const cuts = await sceneBoundaries(await irisThroughBlack());
    assert.equal(cuts.length, 1, `one boundary, found ${JSON.stringify(cuts)}`);
    assert.ok(Math.abs(cuts[0] - 2.26) <= 0.4, `at 2.26 s, found ${cuts[0]}`);
  });
});
