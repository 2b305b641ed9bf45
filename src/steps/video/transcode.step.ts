import path from 'node:path';
import { KnownFailure } from '../../engines/known-failure.js';
import { defineStep } from '../step.js';
import { transcodeSpec } from './transcode.spec.js';

interface TranscodeOutput {
  audio_path: string;
  sample_rate: 16000;
  channels: 1;
  duration: number;
  audio_track: number;
  audio_tracks: number;
  source_channels: number;
  audio_start: number;
}

export const transcodeStep = defineStep<{ source: string }, TranscodeOutput>({
  ...transcodeSpec,
  async run(input, ctx) {
    const { video } = ctx.tools;
    const info = await video.probe(input.source, ctx.signal);
    if (!info.has_audio) throw new KnownFailure('the video has no audio track');
    const out = path.join(ctx.workDir, 'audio-16k.wav');
    const taken = await video.extractAudio(input.source, out, ctx.signal);
    return {
      ...{ audio_path: out, sample_rate: 16000, channels: 1, duration: info.duration },
      ...{ audio_track: taken.track, audio_tracks: taken.tracks, source_channels: taken.channels, audio_start: taken.start },
    };
  },
});
