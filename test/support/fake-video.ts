import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { ExtractedAudio, LoudnessReading, MediaInfo, SceneDecoding, VideoEngine } from '../../src/engines/video/video-engine.port.js';

/** What the fake video engine reads: a 2 s clip with audio. */
export const INFO: MediaInfo = {
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
  async decodeForScenes(job: SceneDecoding): Promise<void> {
    const frameBytes = (job.cutFine ? job.cutFine.width * (job.cutFine.height + job.cutHeight) : job.cutWidth * job.cutHeight) * 3;
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
