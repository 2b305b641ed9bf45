import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { SCREENSHOTS, sceneBoundaries, stillsXfade } from '../../../test/support/scene-clips.js';

const PHOTO = path.resolve('test-artifacts/photos/grace_hopper.jpg');

/**
 * Transitions of about 2 s (the families draw xfades of 0.2-2 s): over a window of 1 s, the longest there was, the
 * ends of a 2 s wipe differ in about half their pixels, so it was judged no change at any window and not found.
 */
describe('detect_scenes: a wipe or slide of about 2 s between two pictures', () => {
  for (const [transition, duration, next] of [
    ['wiperight', 2, 'screenshot-faceid.jpg'],
    ['slideleft', 1.9, 'screenshot-vrm.jpg'],
  ] as const) {
    it(`finds one boundary at the middle of a ${duration} s ${transition} (the real step and engine)`, async () => {
      const clip = await stillsXfade(
        `long-${transition}`,
        [
          { photo: PHOTO, seconds: 4 },
          { photo: path.join(SCREENSHOTS, next), seconds: 4 },
        ],
        { transition, duration, offset: 2 },
      );
      const cuts = await sceneBoundaries(clip);
      const middle = 2 + duration / 2;
      assert.equal(cuts.length, 1, `one boundary, found ${JSON.stringify(cuts)}`);
      assert.ok(Math.abs(cuts[0] - middle) <= 0.8, `at ${middle} s, found ${cuts[0]}`);
    });
  }
});
