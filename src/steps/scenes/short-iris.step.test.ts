import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { SCREENSHOTS, sceneBoundaries, stillsClip } from '../../../test/support/scene-clips.js';

/**
 * A photo joined to a screenshot by ffmpeg's 0.69 s `circlecrop` (as seed 5's families draw it): the first closes to
 * black in a shrinking circle and the second opens out of it, the black lasting a few frames. Each half is found as
 * its own change, closer together than the margins the through-black merge leaves either side of a boundary.
 */
async function shortIris(): Promise<string> {
  const shot = (input: number) =>
    `[${input}:v]scale=704:396:force_original_aspect_ratio=increase,crop=704:396,setsar=1,crop=640:360,fps=25,format=yuv420p,setsar=1[s${input}]`;
  const graph = [shot(0), shot(1), '[s0][s1]xfade=transition=circlecrop:duration=0.69:offset=3.6,format=yuv420p[v]'].join(';');
  return stillsClip(
    'short-iris',
    [
      { photo: path.resolve('test-artifacts/photos/grace_hopper.jpg'), seconds: 4.29 },
      { photo: path.join(SCREENSHOTS, 'samples.jpg'), seconds: 2.71 },
    ],
    graph,
  );
}

describe('detect_scenes: a short iris out to black and in from it', () => {
  it('finds one boundary at the middle of the transition (the real step and engine)', async () => {
    const cuts = await sceneBoundaries(await shortIris());
    assert.equal(cuts.length, 1, `one boundary, found ${JSON.stringify(cuts)}`);
    assert.ok(Math.abs(cuts[0] - 3.94) <= 0.4, `at 3.94 s, found ${cuts[0]}`);
  });
});
