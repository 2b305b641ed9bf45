import { defineSpec } from '../step.js';

export const transcodeSpec = defineSpec({
  type: 'transcode',
  summary: 'Extracts the audio as 16 kHz mono WAV for speech engines, on the video timeline',
  description:
    'Decodes the audio of `source` to 16 kHz, mono, 16-bit PCM WAV (what speech-to-text engines expect) in the ' +
    'work directory. Of several audio tracks it takes the one with the most speech (what a denoiser keeps of each ' +
    "track's first minute); the channels of a track are mixed, each weighed by its power in the speech band (a voice " +
    'alone on the centre of 5.1 keeps its level); a track that starts after the picture (an edit list, a stream start ' +
    'time) is preceded by silence, so that every time read from the WAV is a time in the video. Outputs which track ' +
    '(`audio_track`, 0-based, of `audio_tracks`), its `source_channels` and `audio_start` (seconds after the picture). ' +
    'A video without an audio track fails the job with "the video has no audio track".',
  with: { type: 'object', required: ['source'], additionalProperties: false, properties: { source: { type: 'string' } } },
  output: {
    type: 'object',
    required: ['audio_path', 'sample_rate', 'channels', 'duration', 'audio_track', 'audio_tracks', 'source_channels', 'audio_start'],
    additionalProperties: false,
    properties: {
      audio_path: { type: 'string' },
      sample_rate: { const: 16000 },
      channels: { const: 1 },
      duration: { type: 'number' },
      audio_track: { type: 'integer', minimum: 0 },
      audio_tracks: { type: 'integer', minimum: 1 },
      source_channels: { type: 'integer', minimum: 1 },
      audio_start: { type: 'number' },
    },
  },
  example: `- id: audio\n  uses: transcode\n  with: { source: "{{steps.video.path}}" }`,
});
