import sharp from 'sharp';
import { classifyFace, MAX_YAW_DEGREES, measureFace, type FaceShape } from '../analyzers/face-shape.js';
import { loadKnowledge } from '../analyzers/knowledge.js';
import { detectFaces } from '../media/faces.js';
import { renderCard } from '../media/share-cards.js';
import { defineStep, StepError } from './step.js';

interface Recipe {
  name: string;
  clipper_guards: string;
  lengths: string;
  technique: string;
  styling: string;
  products: string[];
  barber_script: string;
}
interface Guide {
  shapes: Record<FaceShape, { prototype: number[]; summary: string; recipes: Recipe[]; avoid: Array<{ name: string; reason: string }> }>;
}

export const hairFormulaStep = defineStep<{ image: string }, any>({
  type: 'hair_formula',
  summary: 'Classifies the face shape in a photo and picks haircuts for it',
  description:
    'Finds the face in `image` (@vladmandic/human face mesh, TensorFlow.js WebAssembly backend), measures its ' +
    'length, jaw and forehead against the cheekbone width, and classifies it (oval, round, square, heart, oblong, ' +
    'diamond) by the nearest prototype in knowledge/haircuts.yaml, whose three recipes, three styles to avoid and ' +
    `a share card per recipe (PNG) form the result. No face, several faces, or a face turned more than ${MAX_YAW_DEGREES} ` +
    'degrees fail the job with the reason.',
  with: { type: 'object', required: ['image'], additionalProperties: false, properties: { image: { type: 'string' } } },
  output: { type: 'object', required: ['face_shape', 'confidence', 'measurements', 'recipes', 'avoid', 'share_cards'] },
  example: `- id: formula\n  uses: hair_formula\n  with: { image: "{{steps.photo.path}}" }`,
  async run(input, ctx) {
    const { data, info } = await sharp(input.image).rotate().removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const faces = await detectFaces(data, info.width, info.height);
    ctx.engine('faces', '@vladmandic/human facemesh (tfjs wasm)');
    if (faces.length === 0) throw new StepError('no face was found in the photo; send a clear, front-facing photo of one face');
    // A crowd in the background is fine; two faces of similar size are not: whose haircut would it be?
    const main = faces[0];
    const rivals = faces.slice(1).filter((f) => f.box[2] * f.box[3] > 0.25 * main.box[2] * main.box[3]);
    if (rivals.length) throw new StepError(`${rivals.length + 1} faces were found in the photo; send a photo of one person`);
    const measurements = measureFace(main);
    if (Math.abs(measurements.yaw_degrees) > MAX_YAW_DEGREES) {
      throw new StepError(`the face is turned ${Math.abs(Math.round(measurements.yaw_degrees))} degrees; face the camera (within ${MAX_YAW_DEGREES} degrees) so it can be measured`);
    }
    const guide = await loadKnowledge<Guide>(ctx.services.paths.knowledgeDir, 'haircuts.yaml');
    const prototypes = Object.fromEntries(Object.entries(guide.shapes).map(([k, v]) => [k, v.prototype])) as Record<FaceShape, number[]>;
    const { shape, confidence } = classifyFace(measurements, prototypes);
    const entry = guide.shapes[shape];
    const share_cards = await Promise.all(
      entry.recipes.map(async (r) => ({
        title: r.name,
        mime_type: 'image/png',
        image_b64: (await renderCard({ title: r.name, subtitle: `for a ${shape} face`, lines: [r.clipper_guards, r.lengths, r.styling, `Say: "${r.barber_script}"`] })).toString('base64'),
      })),
    );
    return { face_shape: shape, confidence, summary: entry.summary, measurements, recipes: entry.recipes, avoid: entry.avoid, share_cards };
  },
});
