import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { FakeVideo, INFO } from '../../../test/support/fake-video.js';
import { fakeTools, runStep, stepContext } from '../../../test/support/step-context.js';
import { KnownFailure } from '../../engines/known-failure.js';
import { probeStep } from './probe.step.js';
import { transcodeStep } from './transcode.step.js';

/** probe and transcode against the video port, with a fake engine: a 2 s clip, red for a second, then blue. */
describe('video steps against the video port', () => {
  it('probe returns what the engine read', async () => {
    const ctx = stepContext(fakeTools({ video: new FakeVideo() }));
    assert.deepEqual(await runStep(probeStep, { path: '/clips/a.mp4' }, ctx), INFO);
  });

  it('transcode asks for 16 kHz mono audio in the work directory', async () => {
    const video = new FakeVideo();
    const ctx = stepContext(fakeTools({ video }));
    const out = await runStep(transcodeStep, { source: '/clips/a.mp4' }, ctx);
    assert.deepEqual(out, {
      ...{ audio_path: path.join(ctx.workDir, 'audio-16k.wav'), sample_rate: 16000, channels: 1, duration: 2 },
      ...{ audio_track: 0, audio_tracks: 1, source_channels: 2, audio_start: 0 },
    });
    assert.ok(fs.existsSync(out.audio_path));
    assert.deepEqual(video.calls, ['probe a.mp4', 'extractAudio a.mp4']);
  });

  it('transcode fails a video without audio, saying so, without decoding it', async () => {
    const video = new FakeVideo({ ...INFO, has_audio: false, audio_codec: null });
    await assert.rejects(
      runStep(transcodeStep, { source: '/clips/a.mp4' }, stepContext(fakeTools({ video }))),
      (err) => err instanceof KnownFailure && err.message === 'the video has no audio track',
    );
    assert.deepEqual(video.calls, ['probe a.mp4']);
  });
});
