import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { SCREENSHOTS, sceneBoundaries, stillsXfade } from '../../../test/support/scene-clips.js';

/**
 * A photo joined to a screenshot by ffmpeg's 0.69 s `circlecrop` (as seed 5's families draw it): the first closes to
 * black in a shrinking circle and the second opens out of it, the black lasting a few frames. Each half is found as
 * its own change, closer together than the margins the through-black merge leaves either side of a boundary.
 */
function shortIris(): Promise<string> {
  return stillsXfade(
    'short-iris',
    [
      { photo: path.resolve('test-artifacts/photos/grace_hopper.jpg'), seconds: 4.29 },
      { photo: path.join(SCREENSHOTS, 'samples.jpg'), seconds: 2.71 },
    ],
    { transition: 'circlecrop', duration: 0.69, offset: 3.6 },
  );
}

describe('detect_scenes: a short iris out to black and in from it', () => {
  it('finds one boundary at the middle of the transition (the real step and engine)', async () => {
    const cuts = await sceneBoundaries(await shortIris());
    assert.equal(cuts.length, 1, `one boundary, found ${JSON.stringify(cuts)}`);
    assert.ok(Math.abs(cuts[0] - 3.94) <= 0.4, `at 3.94 s, found ${cuts[0]}`);
  });
});
