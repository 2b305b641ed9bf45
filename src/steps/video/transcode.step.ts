import path from 'node:path';
import { StepError } from '../../engines/step-error.js';
import { defineStep } from '../step.js';

export const transcodeStep = defineStep<{ source: string }, { audio_path: string; sample_rate: 16000; channels: 1; duration: number }>({
  type: 'transcode',
  summary: 'Extracts the audio track as 16 kHz mono WAV for speech engines',
  description:
    'Decodes the audio of `source` to 16 kHz, mono, 16-bit PCM WAV (what speech-to-text engines expect) in the ' +
    'work directory. A video without an audio track fails the job with "the video has no audio track".',
  with: { type: 'object', required: ['source'], additionalProperties: false, properties: { source: { type: 'string' } } },
  output: {
    type: 'object',
    required: ['audio_path', 'sample_rate', 'channels', 'duration'],
    additionalProperties: false,
    properties: {
      audio_path: { type: 'string' },
      sample_rate: { const: 16000 },
      channels: { const: 1 },
      duration: { type: 'number' },
    },
  },
  example: `- id: audio\n  uses: transcode\n  with: { source: "{{steps.video.path}}" }`,
  async run(input, ctx) {
    const { video } = ctx.services;
    const info = await video.probe(input.source, ctx.signal);
    if (!info.has_audio) throw new StepError('the video has no audio track');
    const out = path.join(ctx.workDir, 'audio-16k.wav');
    await video.extractAudio(input.source, out, ctx.signal);
    return { audio_path: out, sample_rate: 16000, channels: 1, duration: info.duration };
  },
});
