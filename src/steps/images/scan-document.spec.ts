import { defineSpec } from '../step.js';

export const scanDocumentSpec = defineSpec({
  type: 'scan_document',
  summary: 'Flattens a photographed document into a clean 2K scan',
  description:
    'Finds the page in `image` (the largest convex quadrilateral among its edges, covering at least 15% of the ' +
    "photo), corrects the perspective to the page's measured aspect ratio, evens out the lighting (the image " +
    'divided by its blurred background) and stretches the contrast, and returns a grayscale PNG with its long side ' +
    'at 2048 px: `{image_b64, mime_type, width, height, corners}` (corners TL, TR, BR, BL in input pixels). ' +
    'Without a page outline the photo is deskewed and cleaned, `corners` is null and `note` says so. OpenCV (WebAssembly).',
  with: { type: 'object', required: ['image'], additionalProperties: false, properties: { image: { type: 'string' } } },
  output: {
    type: 'object',
    required: ['image_b64', 'mime_type', 'width', 'height', 'corners'],
    additionalProperties: false,
    properties: {
      image_b64: { type: 'string' },
      mime_type: { const: 'image/png' },
      width: { type: 'integer' },
      height: { type: 'integer' },
      corners: { type: ['array', 'null'] },
      note: { type: 'string' },
    },
  },
  example: `- id: scan\n  uses: scan_document\n  with: { image: "{{steps.photo.path}}" }`,
});
