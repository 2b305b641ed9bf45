import { defineSpec } from '../step.js';

/** Faces turned more than this are not measured: yaw shortens the widths. */
export const MAX_YAW_DEGREES = 15;

export const hairFormulaSpec = defineSpec({
  type: 'hair_formula',
  summary: 'Classifies the face shape in a photo and picks haircuts for it',
  description:
    'Finds the face in `image` (@vladmandic/human face mesh, TensorFlow.js WebAssembly backend), measures its ' +
    'length, jaw and forehead against the cheekbone width, and classifies it (oval, round, square, heart, oblong, ' +
    'diamond) by the nearest prototype in knowledge/haircuts.yaml, whose three recipes, three styles to avoid and ' +
    `a share card per recipe (PNG) form the result. No face, several faces, or a face turned more than ${MAX_YAW_DEGREES} ` +
    'degrees fail the job with the reason. With a vision model (LLM_VISION), its reading of the photo ' +
    '(prompts/hair-formula.hbs) refines the shape; `reading` says how it was decided.',
  with: { type: 'object', required: ['image'], additionalProperties: false, properties: { image: { type: 'string' } } },
  output: { type: 'object', required: ['face_shape', 'confidence', 'measurements', 'recipes', 'avoid', 'share_cards'] },
  example: `- id: formula\n  uses: hair_formula\n  with: { image: "{{steps.photo.path}}" }`,
});
