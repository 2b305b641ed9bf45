import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import sharp from 'sharp';
import { fakeServices, runStep, stepContext } from '../../../test/support/step-context.js';
import { StepError } from '../../engines/step-error.js';
import type { LoudnessReading, MediaInfo, SceneDecoding, VideoEngine } from '../../engines/video/video-engine.port.js';
import { detectScenesStep } from '../scenes/detect-scenes.step.js';
import { audioLevelsStep } from '../speech/audio-levels.step.js';
import { probeStep } from './probe.step.js';
import { transcodeStep } from './transcode.step.js';

/** The video steps against the video port, with a fake engine: a 2 s clip, red for a second, then blue. */
const INFO: MediaInfo = {
  duration: 2,
  width: 320,
  height: 180,
  video_codec: 'h264',
  audio_codec: 'aac',
  has_audio: true,
  size_bytes: 12345,
  format: 'mov,mp4,m4a,3gp,3g2,mj2',
  title: 'A clip',
  description: null,
};

class FakeVideo implements VideoEngine {
  calls: string[] = [];
  constructor(
    private readonly info: MediaInfo = INFO,
    private readonly readings: LoudnessReading[] = [],
  ) {}
  async probe(file: string): Promise<MediaInfo> {
    this.calls.push(`probe ${path.basename(file)}`);
    return this.info;
  }
  async extractAudio(source: string, out: string): Promise<void> {
    this.calls.push(`extractAudio ${path.basename(source)}`);
    fs.writeFileSync(out, 'RIFF');
  }
  async loudness(): Promise<LoudnessReading[]> {
    return this.readings;
  }
  async decodeForScenes(job: SceneDecoding): Promise<void> {
    const frameBytes = job.cutWidth * job.cutHeight * 3;
    const frames = Math.round(this.info.duration * job.cutFps);
    const all = Buffer.alloc(frames * frameBytes);
    for (let f = 0; f < frames; f++) {
      const [r, g, b] = f < job.cutFps ? [220, 30, 30] : [30, 30, 220];
      for (let p = f * frameBytes; p < (f + 1) * frameBytes; p += 3) all.set([r, g, b], p);
    }
    // Odd chunk sizes, as a pipe delivers them.
    for (let i = 0; i < all.length; i += 7001) job.onCutFrames(all.subarray(i, i + 7001));
    const thumbs = Math.round(this.info.duration * job.thumbFps);
    for (let i = 1; i <= thumbs; i++) {
      const name = String(i).padStart(6, '0');
      await sharp({ create: { width: 32, height: 18, channels: 3, background: i <= thumbs / 2 ? 'red' : 'blue' } })
        .jpeg()
        .toFile(path.join(job.thumbsDir, `${name}.jpg`));
      fs.writeFileSync(
        path.join(job.thumbsDir, `${name}.pgm`),
        Buffer.concat([Buffer.from('P5\n32 18\n255\n'), Buffer.alloc(32 * 18, 128)]),
      );
    }
  }
}

describe('video steps against the video port', () => {
  it('probe returns what the engine read', async () => {
    const ctx = stepContext(fakeServices({ video: new FakeVideo() }));
    assert.deepEqual(await runStep(probeStep, { path: '/clips/a.mp4' }, ctx), INFO);
  });

  it('transcode asks for 16 kHz mono audio in the work directory', async () => {
    const video = new FakeVideo();
    const ctx = stepContext(fakeServices({ video }));
    const out = await runStep(transcodeStep, { source: '/clips/a.mp4' }, ctx);
    assert.deepEqual(out, { audio_path: path.join(ctx.workDir, 'audio-16k.wav'), sample_rate: 16000, channels: 1, duration: 2 });
    assert.ok(fs.existsSync(out.audio_path));
    assert.deepEqual(video.calls, ['probe a.mp4', 'extractAudio a.mp4']);
  });

  it('transcode fails a video without audio, saying so, without decoding it', async () => {
    const video = new FakeVideo({ ...INFO, has_audio: false, audio_codec: null });
    await assert.rejects(
      runStep(transcodeStep, { source: '/clips/a.mp4' }, stepContext(fakeServices({ video }))),
      (err) => err instanceof StepError && err.message === 'the video has no audio track',
    );
    assert.deepEqual(video.calls, ['probe a.mp4']);
  });

  it('audio_levels keeps a reading every half second and finds the loud moments, at least 2 s apart', async () => {
    // 6 s at -30 LUFS, loud at 2.0 s (-10) and 2.5 s (-12, too close to the first) and 5.0 s (-15).
    const loud: Record<string, number> = { '2.0': -10, '2.5': -12, '5.0': -15 };
    const readings = Array.from({ length: 60 }, (_, i) => ({ time: i / 10, lufs: loud[(i / 10).toFixed(1)] ?? -30.04 }));
    const ctx = stepContext(fakeServices({ video: new FakeVideo(INFO, readings) }));
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

  it('detect_scenes finds the cut, one keyframe per scene, and samples through time', async () => {
    const ctx = stepContext(fakeServices({ video: new FakeVideo() }));
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
