import { defineSpec } from '../step.js';

export const audioLevelsSpec = defineSpec({
  type: 'audio_levels',
  summary: 'Measures loudness over time and finds the loudest moments',
  description:
    'Runs ffmpeg `ebur128` on `audio`: `series` is the momentary loudness (LUFS, 400 ms window) every half second; ' +
    '`peaks` are up to 5 moments at least 6 dB above the median and at least 2 s apart, loudest first.',
  with: { type: 'object', required: ['audio'], additionalProperties: false, properties: { audio: { type: 'string' } } },
  output: {
    type: 'object',
    required: ['series', 'peaks'],
    additionalProperties: false,
    properties: {
      series: { type: 'array', items: { $ref: '#/$defs/level' } },
      peaks: { type: 'array', items: { $ref: '#/$defs/level' } },
    },
    $defs: {
      level: {
        type: 'object',
        required: ['time', 'loudness_db'],
        additionalProperties: false,
        properties: { time: { type: 'number' }, loudness_db: { type: 'number' } },
      },
    },
  },
  example: `- id: levels\n  uses: audio_levels\n  with: { audio: "{{steps.audio.audio_path}}" }`,
});
