import { IMAGE_MAX_BYTES, IMAGE_MIN_SIDE } from '../../json-schema/image-keyword.js';
import { defineSpec } from '../step.js';

export const loadImageSpec = defineSpec({
  type: 'load_image',
  summary: 'Writes the request image (base64 or URL) to the job directory',
  description:
    'Decodes `image_b64` (already checked before payment) or downloads `image_url` with the same protections as ' +
    `videos (address guard on every hop and DNS answer, FETCH_TIMEOUT_SECONDS, at most ${IMAGE_MAX_BYTES / 1024 / 1024} MiB), ` +
    `and checks it is a PNG or JPEG of at least ${IMAGE_MIN_SIDE}x${IMAGE_MIN_SIDE} pixels. Outputs its path, type, size and bytes.`,
  with: {
    type: 'object',
    additionalProperties: false,
    properties: { image_b64: { type: ['string', 'null'] }, image_url: { type: ['string', 'null'] } },
  },
  output: {
    type: 'object',
    required: ['path', 'mime_type', 'width', 'height', 'bytes'],
    additionalProperties: false,
    properties: {
      path: { type: 'string' },
      mime_type: { enum: ['image/png', 'image/jpeg'] },
      width: { type: 'integer' },
      height: { type: 'integer' },
      bytes: { type: 'integer' },
    },
  },
  fetches: { image_url: 'image' },
  example: `- id: photo\n  uses: load_image\n  with: { image_b64: "{{request.image_b64}}", image_url: "{{request.image_url}}" }`,
});
