import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FakeVideo, INFO } from '../../../test/support/fake-video.js';
import { fakeTools, runStep, stepContext } from '../../../test/support/step-context.js';
import { audioLevelsStep } from './audio-levels.step.js';

/** audio_levels against the video port, with a fake engine. */
describe('audio_levels against the video port', () => {
  it('audio_levels keeps a reading every half second and finds the loud moments, at least 2 s apart', async () => {
    // 6 s at -30 LUFS, loud at 2.0 s (-10) and 2.5 s (-12, too close to the first) and 5.0 s (-15).
    const loud: Record<string, number> = { '2.0': -10, '2.5': -12, '5.0': -15 };
    const readings = Array.from({ length: 60 }, (_, i) => ({ time: i / 10, lufs: loud[(i / 10).toFixed(1)] ?? -30.04 }));
    const ctx = stepContext(fakeTools({ video: new FakeVideo(INFO, readings) }));
    const out = await runStep(audioLevelsStep, { audio: '/a.wav' }, ctx);
    assert.equal(out.series.length, 12);
    assert.deepEqual(out.series.slice(0, 2), [
      { time: 0, loudness_db: -30 },
      { time: 0.5, loudness_db: -30 },
    ]);
    assert.deepEqual(out.peaks, [
      { time: 2, loudness_db: -10 },
      { time: 5, loudness_db: -15 },
    ]);
  });
});
