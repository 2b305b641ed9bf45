import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { SCREENSHOTS, sceneBoundaries, stillsJumpCut } from '../../../test/support/scene-clips.js';

/** A screenshot of a web page, mostly white. */
const SCREENSHOT = path.join(SCREENSHOTS, 'screenshot-vrm.jpg');

/**
 * A jump cut on one pale screenshot (seed 2's, as bench/quality's families draw it): 3.07 s of one region held
 * still, then a closer region of the same page under a shaking camera. Every frame pair across the cut differs in
 * under a fifth of the tiny frame's pixels, as little as a flash's frames before and after it.
 */
function paleJumpCut(): Promise<string> {
  return stillsJumpCut('pale-jump', [
    { photo: SCREENSHOT, seconds: 3.066, crop: 'crop=iw*0.591:ih*0.591:iw*0.032:ih*0.368', x: '(iw-ow)/2', y: '(ih-oh)/2' },
    {
      photo: SCREENSHOT,
      seconds: 2.922,
      crop: 'crop=iw*0.400:ih*0.400:iw*0.203:ih*0.418',
      x: '(iw-ow)/2+3*sin(2*PI*4.64*t+4.27)+14*sin(2*PI*4.35*t+1.79)',
      y: '(ih-oh)/2+2*sin(2*PI*2.03*t+2.44)+3*sin(2*PI*3.39*t+6.09)',
    },
  ]);
}

describe('detect_scenes: a jump cut on a pale screenshot', () => {
  it('finds the cut: the frames across it differ more than the shaking frames beside it do (the real step and engine)', async () => {
    const cuts = await sceneBoundaries(await paleJumpCut());
    assert.equal(cuts.length, 1, `one boundary, found ${JSON.stringify(cuts)}`);
    assert.ok(Math.abs(cuts[0] - 3.07) <= 0.1, `at 3.07 s, found ${cuts[0]}`);
  });
});
