import type { ChatModelProvider } from '../../engines/chat/chat-model.port.js';
import { KnownFailure } from '../../engines/known-failure.js';
import { pickOneFace } from '../../imaging/faces.js';
import { createAjv, describeErrors } from '../../json-schema/ajv.js';
import { loadKnowledge } from '../shared/knowledge.js';
import { loadTemplate } from '../shared/prompt-templates.js';
import { defineStep, type StepContext } from '../step.js';
import { classifyFace, type FaceShape, measureFace } from './face-shape.js';
import { hairFormulaSpec, MAX_YAW_DEGREES } from './hair-formula.spec.js';
import { renderCard } from './share-cards.js';

const SHAPES: FaceShape[] = ['oval', 'round', 'square', 'heart', 'oblong', 'diamond'];
/** What a vision model is asked for (prompts/hair-formula.hbs). */
const READING_SCHEMA = {
  type: 'object',
  required: ['face_shape', 'confidence', 'reason'],
  additionalProperties: false,
  properties: {
    face_shape: { enum: SHAPES },
    confidence: { type: 'number', minimum: 0, maximum: 1 },
    reason: { type: 'string', maxLength: 500 },
  },
};
const validateReading = createAjv().compile<{ face_shape: FaceShape; confidence: number; reason: string }>(READING_SCHEMA);

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

interface Output {
  face_shape: FaceShape;
  confidence: number;
  summary: string;
  measurements: ReturnType<typeof measureFace>;
  /** How the shape was decided: the measurement, the vision model's reading, or both. */
  reading: Record<string, unknown>;
  recipes: Recipe[];
  avoid: Array<{ name: string; reason: string }>;
  share_cards: Array<{ title: string; mime_type: string; image_b64: string }>;
}

export const hairFormulaStep = defineStep<{ image: string }, Output>({
  ...hairFormulaSpec,
  async run(input, ctx) {
    const faces = await ctx.tools.faces.detect(input.image, ctx.signal);
    ctx.engine('faces', ctx.tools.faces.name);
    const main = pickOneFace(faces);
    if (typeof main === 'string') throw new KnownFailure(main);
    const measurements = measureFace(main);
    if (Math.abs(measurements.yaw_degrees) > MAX_YAW_DEGREES) {
      throw new KnownFailure(
        `the face is turned ${Math.abs(Math.round(measurements.yaw_degrees))} degrees; face the camera (within ${MAX_YAW_DEGREES} degrees) so it can be measured`,
      );
    }
    const guide = await loadKnowledge<Guide>(ctx.tools.paths.knowledgeDir, 'haircuts.yaml');
    const prototypes = Object.fromEntries(Object.entries(guide.shapes).map(([k, v]) => [k, v.prototype])) as Record<FaceShape, number[]>;
    const measured = classifyFace(measurements, prototypes);
    const { shape, confidence, reading } = await refineWithVision(measured, measurements, input.image, ctx);
    const entry = guide.shapes[shape];
    const share_cards = await Promise.all(
      entry.recipes.map(async (r) => ({
        title: r.name,
        mime_type: 'image/png',
        image_b64: (
          await renderCard({
            title: r.name,
            subtitle: `for a ${shape} face`,
            lines: [r.clipper_guards, r.lengths, r.styling, `Say: "${r.barber_script}"`],
          })
        ).toString('base64'),
      })),
    );
    return {
      face_shape: shape,
      confidence,
      summary: entry.summary,
      measurements,
      reading,
      recipes: entry.recipes,
      avoid: entry.avoid,
      share_cards,
    };
  },
});

/**
 * With a vision model (LLM_VISION), its reading of the photo refines the measurement: agreement raises the
 * confidence; a disagreement is won by the more confident side, the vision model's confidence then lowered by
 * a tenth (two readings disagree). The model failing never fails the job: the measurement stands, with a note.
 */
async function refineWithVision(
  measured: { shape: FaceShape; confidence: number },
  measurements: object,
  image: string,
  ctx: StepContext,
): Promise<{ shape: FaceShape; confidence: number; reading: Record<string, unknown> }> {
  const reading: Record<string, unknown> = {
    measured: { face_shape: measured.shape, confidence: measured.confidence },
    vision: null,
    decided_by: 'measurement',
  };
  const model: ChatModelProvider | null = ctx.tools.llm;
  if (!model?.vision) return { ...measured, reading };
  const prompt = (await loadTemplate(ctx.tools.paths.promptsDir, 'hair-formula'))({ measurements, measured });
  let answer: unknown;
  try {
    answer = await model.structured({ prompt, schema: READING_SCHEMA, images: [image], signal: ctx.signal });
  } catch (err) {
    if (ctx.signal.aborted) throw err;
    reading.note = `the vision model could not be used (${String((err as Error)?.message ?? err).split('\n')[0]}); the measurement stands`;
    return { ...measured, reading };
  }
  if (!validateReading(answer)) {
    reading.note = `the vision model's answer was unusable (${describeErrors(validateReading.errors).slice(0, 3).join('; ')}); the measurement stands`;
    return { ...measured, reading };
  }
  ctx.engine('vision', model.name);
  const vision = { face_shape: answer.face_shape as FaceShape, confidence: round(answer.confidence), reason: answer.reason };
  reading.vision = vision;
  if (vision.face_shape === measured.shape) {
    reading.decided_by = 'measurement and vision model';
    return { shape: measured.shape, confidence: round(Math.min(0.98, Math.max(measured.confidence, vision.confidence) + 0.05)), reading };
  }
  if (vision.confidence > measured.confidence) {
    reading.decided_by = 'vision model';
    return { shape: vision.face_shape, confidence: round(vision.confidence * 0.9), reading };
  }
  reading.note = `the vision model read ${vision.face_shape} with less confidence than the measurement`;
  return { ...measured, reading };
}

const round = (n: number) => Math.round(n * 100) / 100;
