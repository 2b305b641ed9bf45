import fs from 'node:fs/promises';
import path from 'node:path';
import type { ValidateFunction } from 'ajv';
import { StepError } from '../../engines/step-error.js';
import { createAjv, describeErrors } from '../../json-schema/ajv.js';
import { askModel } from '../shared/ask-model.js';
import { loadTemplate } from '../shared/prompt-templates.js';
import { defineStep } from '../step.js';
import { offlineAnalyzers } from './analyzers/registry.js';

interface PromptInput {
  template: string;
  input: Record<string, unknown>;
  schema: string;
  offline?: string;
  images?: Array<string | { keyframe_path: string }>;
}

const ajv = createAjv();
const validators = new Map<string, Promise<{ schema: Record<string, unknown>; validate: ValidateFunction }>>();

export const promptStep = defineStep<PromptInput, unknown>({
  type: 'prompt',
  schemasChanged: clearResultSchemas,
  summary: 'Asks the configured chat model for a result that follows a JSON Schema (or runs the offline analyzer)',
  description:
    'Renders `prompts/<template>.hbs` with `input` (helper `{{json value}}` prints JSON) and asks the LLM_PROVIDER ' +
    'model for JSON following `schema` (a file under SCHEMAS_DIR, e.g. `results/analyze.json`). The answer is ' +
    'validated; an invalid answer is sent back once with the validation errors to be corrected, and a second invalid ' +
    'answer fails the job. `images` (file paths, or objects with `keyframe_path` such as scenes; at most 8, spread ' +
    'over the list) are attached when LLM_VISION is on. With no model configured ' +
    '(LLM_PROVIDER=none) the `offline` analyzer runs on the same `input`, and its result is validated the same way. ' +
    "The evidence is the service's whoever writes the prose: with a model, the `offline` analyzer named still decides what evidence " +
    'holds (speech below the bar is left out of the prompt) and sets the fields that come from the evidence over the answer ' +
    "(the speech's state, its confidence and why, the language and where it came from, each claim's source and times).",
  with: {
    type: 'object',
    required: ['template', 'input', 'schema'],
    additionalProperties: false,
    properties: {
      template: { type: 'string', pattern: '^[a-z0-9][a-z0-9_-]*$' },
      input: { type: 'object' },
      schema: { type: 'string', pattern: '^[A-Za-z0-9_./-]+\\.json$' },
      offline: { type: 'string' },
      images: {
        type: 'array',
        maxItems: 60,
        items: {
          anyOf: [{ type: 'string' }, { type: 'object', required: ['keyframe_path'], properties: { keyframe_path: { type: 'string' } } }],
        },
      },
    },
  },
  output: {},
  example:
    '- id: analysis\n  uses: prompt\n  with:\n    template: analyze\n    schema: results/analyze.json\n    offline: analyze\n    input: { transcript: "{{steps.speech}}" }',
  check(withValue) {
    const { offline, schema } = withValue;
    if (typeof offline !== 'string' || offline.includes('{{')) return [];
    const analyzer = offlineAnalyzers.get(offline);
    if (!analyzer)
      return [`with.offline: unknown offline analyzer '${offline}' (known: ${[...offlineAnalyzers.keys()].sort().join(', ')})`];
    if (typeof schema === 'string' && !schema.includes('{{') && schema !== analyzer.result) {
      return [`with.offline: the offline analyzer '${offline}' produces ${analyzer.result}, not the step's schema ${schema}`];
    }
    return [];
  },
  async run(input, ctx) {
    const { schema, validate } = await loadSchema(ctx.tools.paths.schemasDir, input.schema);
    const model = ctx.tools.llm;
    if (!model) {
      const analyzer = input.offline ? offlineAnalyzers.get(input.offline) : undefined;
      if (!analyzer)
        throw new StepError(
          `no model is configured (LLM_PROVIDER=none) and this step names no offline analyzer${input.offline ? ` called '${input.offline}'` : ''}`,
        );
      const result = await analyzer.run(input.input, { knowledgeDir: ctx.tools.paths.knowledgeDir });
      if (!validate(result))
        throw new Error(`the offline analyzer '${analyzer.name}' broke the result schema: ${describeErrors(validate.errors).join('; ')}`);
      ctx.engine('analysis', `offline ${analyzer.name} analyzer`);
      return result;
    }

    // The evidence is the service's: the model reads it as held, and its answer carries the service's evidence fields.
    const analyzer = input.offline ? offlineAnalyzers.get(input.offline) : undefined;
    const evidence = analyzer?.hold ? analyzer.hold(input.input) : input.input;
    const prompt = (await loadTemplate(ctx.tools.paths.promptsDir, input.template))(evidence);
    // Scenes can be passed as they are: their keyframes are the images. At most 8, spread over the video.
    const images = model.vision
      ? spread(
          (input.images ?? []).map((i) => (typeof i === 'string' ? i : i.keyframe_path)),
          8,
        )
      : undefined;
    const answer = await askModel(model, { prompt, schema, images }, validate, ctx, { who: 'the model', schema: 'the result schema' });
    ctx.engine('analysis', model.name);
    if (!analyzer?.vouch || !isObject(answer)) return answer;
    const vouched = analyzer.vouch(evidence, answer);
    if (!validate(vouched)) throw new Error(`the evidence fields broke the result schema: ${describeErrors(validate.errors).join('; ')}`);
    return vouched;
  },
});

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function spread<T>(items: T[], n: number): T[] {
  if (items.length <= n) return items;
  return Array.from({ length: n }, (_, i) => items[Math.floor((i * items.length) / n)]);
}

/** Forgets the compiled result schemas (hot reload: the next job reads the edited files). */
function clearResultSchemas(): void {
  validators.clear();
}

async function loadSchema(dir: string, file: string) {
  const key = path.join(dir, file);
  if (!validators.has(key)) {
    validators.set(
      key,
      (async () => {
        const schema = JSON.parse(await fs.readFile(key, 'utf8'));
        const { $id: _id, ...rest } = schema; // compiled once per file; the id would clash across schema dirs
        return { schema: rest, validate: ajv.compile(rest) };
      })(),
    );
  }
  return validators.get(key)!.catch((err) => {
    validators.delete(key);
    throw new StepError(`the result schema ${file} cannot be loaded: ${err.message}`);
  });
}
