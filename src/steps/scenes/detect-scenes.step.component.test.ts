import assert from 'node:assert/strict';
import fs from 'node:fs';
import { describe, it } from 'node:test';
import { FakeVideo } from '../../../test/support/fake-video.js';
import { fakeTools, runStep, stepContext } from '../../../test/support/step-context.js';
import { detectScenesStep } from './detect-scenes.step.js';

/** detect_scenes against the video port, with a fake engine: a 2 s clip, red for a second, then blue. */
describe('detect_scenes against the video port', () => {
  it('detect_scenes finds the cut, one keyframe per scene, and samples through time', async () => {
    const ctx = stepContext(fakeTools({ video: new FakeVideo() }));
    const out = await runStep(detectScenesStep, { source: '/clips/a.mp4' }, ctx);
    assert.deepEqual(out.cuts, [1]);
    assert.deepEqual(
      out.scenes.map((s) => [s.index, s.start, s.end]),
      [
        [0, 0, 1],
        [1, 1, 2],
      ],
    );
    for (const s of out.scenes) assert.ok(fs.existsSync(s.keyframe_path), s.keyframe_path);
    assert.deepEqual(
      out.samples.map((s) => [s.time, s.scene]),
      [
        [0, 0],
        [0.5, 0],
        [1, 1],
        [1.5, 1],
      ],
    );
    assert.equal(ctx.engines.scenes, 'colour and histogram cut detector');
  });
});
