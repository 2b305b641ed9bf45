import { defineSpec } from '../step.js';

export const probeSpec = defineSpec({
  type: 'probe',
  summary: 'Reads duration, size, codecs and title/caption metadata of a media file',
  description:
    'Runs ffprobe on `path`: `duration` (seconds), `width`/`height`, `frame_rate` (frames a second, the average ' +
    'where it varies; null when the file does not say), `video_codec`, `audio_codec` (null without audio), ' +
    '`has_audio`, `size_bytes`, `format`, and the container `title` and `description` (or comment) tags. A file ' +
    'ffprobe cannot read, or without a video stream, fails the job.',
  with: { type: 'object', required: ['path'], additionalProperties: false, properties: { path: { type: 'string' } } },
  output: {
    type: 'object',
    required: [
      'duration',
      'width',
      'height',
      'frame_rate',
      'video_codec',
      'audio_codec',
      'has_audio',
      'size_bytes',
      'format',
      'title',
      'description',
    ],
    additionalProperties: false,
    properties: {
      duration: { type: 'number' },
      width: { type: ['integer', 'null'] },
      height: { type: ['integer', 'null'] },
      frame_rate: { type: ['number', 'null'] },
      video_codec: { type: ['string', 'null'] },
      audio_codec: { type: ['string', 'null'] },
      has_audio: { type: 'boolean' },
      size_bytes: { type: 'integer' },
      format: { type: 'string' },
      title: { type: ['string', 'null'] },
      description: { type: ['string', 'null'] },
    },
  },
  example: `- id: metadata\n  uses: probe\n  with: { path: "{{steps.video.path}}" }`,
});
