import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type {
  ExtractedAudio,
  LoudnessReading,
  MediaInfo,
  SceneDecoding,
  SceneSample,
  VideoEngine,
} from '../../src/engines/video/video-engine.port.js';

/** What the fake video engine reads: a 2 s clip with audio. */
export const INFO: MediaInfo = {
  duration: 2,
  width: 320,
  height: 180,
  frame_rate: 25,
  video_codec: 'h264',
  audio_codec: 'aac',
  has_audio: true,
  size_bytes: 12345,
  format: 'mov,mp4,m4a,3gp,3g2,mj2',
  title: 'A clip',
  description: null,
};

/** A video engine for step tests: records its calls, and decodes a clip red for a second, then blue (one cut at 1 s). */
export class FakeVideo implements VideoEngine {
  calls: string[] = [];
  constructor(
    private readonly info: MediaInfo = INFO,
    private readonly readings: LoudnessReading[] = [],
  ) {}
  async probe(file: string): Promise<MediaInfo> {
    this.calls.push(`probe ${path.basename(file)}`);
    return this.info;
  }
  async extractAudio(source: string, out: string): Promise<ExtractedAudio> {
    this.calls.push(`extractAudio ${path.basename(source)}`);
    fs.writeFileSync(out, 'RIFF');
    return { track: 0, tracks: 1, channels: 2, start: 0 };
  }
  async loudness(): Promise<LoudnessReading[]> {
    return this.readings;
  }
  async decodeForScenes(job: SceneDecoding): Promise<SceneSample[]> {
    const frames = Math.round(this.info.duration * job.cutFps);
    const filled = (size: { width: number; height: number }, rgb: number[]) => {
      const out = Buffer.alloc(size.width * size.height * 3);
      for (let p = 0; p < out.length; p += 3) out.set(rgb, p);
      return out;
    };
    for (let f = 0; f < frames; f++) {
      const rgb = f < job.cutFps ? [220, 30, 30] : [30, 30, 220];
      job.onCutFrame({ tiny: filled(job.cutTiny, rgb), fine: filled(job.cutFine, rgb) });
    }
    const thumbs = Math.round(this.info.duration * job.thumbFps);
    const samples: SceneSample[] = [];
    for (let i = 1; i <= thumbs; i++) {
      const name = path.join(job.thumbsDir, String(i).padStart(6, '0'));
      await sharp({ create: { width: 32, height: 18, channels: 3, background: i <= thumbs / 2 ? 'red' : 'blue' } })
        .jpeg()
        .toFile(`${name}.jpg`);
      fs.writeFileSync(`${name}.pgm`, Buffer.concat([Buffer.from('P5\n32 18\n255\n'), Buffer.alloc(32 * 18, 128)]));
      samples.push({ time: (i - 1) / job.thumbFps, path: `${name}.jpg`, gray: `${name}.pgm` });
    }
    return samples;
  }
}
