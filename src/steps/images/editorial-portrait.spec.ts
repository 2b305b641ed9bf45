import { defineSpec } from '../step.js';

export const editorialPortraitSpec = defineSpec({
  type: 'editorial_portrait',
  summary: 'Makes a 1024x1024 editorial head-and-shoulders portrait from a face photo',
  description:
    'Finds the one face in `image` (no face, or several people, fail the job). With IMAGE_PROVIDER set, the photo ' +
    'and `prompts/pfp.hbs` (rendered with `clothing_style`, `color_palette`, `pose`) go to the image model, and all ' +
    'three directions count as applied. Offline: a square head-and-shoulders frame centred on the face, the person ' +
    'cut out with the selfie segmentation model (models/selfie), a studio backdrop and grade in the colours ' +
    '`color_palette` names (knowledge/palettes.yaml), key light, vignette and grain; clothing and pose cannot be ' +
    'changed offline, and `applied`/`notes` say so. Output: a JPEG as base64, its size, `applied` and `notes`.',
  with: {
    type: 'object',
    required: ['image', 'mime_type'],
    additionalProperties: false,
    properties: {
      image: { type: 'string' },
      mime_type: { type: 'string' },
      clothing_style: { type: ['string', 'null'] },
      color_palette: { type: ['string', 'null'] },
      pose: { type: ['string', 'null'] },
    },
  },
  output: { type: 'object', required: ['image_b64', 'mime_type', 'width', 'height', 'applied', 'notes'] },
  example:
    '- id: portrait\n  uses: editorial_portrait\n  with:\n    image: "{{steps.photo.path}}"\n    mime_type: "{{steps.photo.mime_type}}"\n    color_palette: "{{request.color_palette}}"',
});
