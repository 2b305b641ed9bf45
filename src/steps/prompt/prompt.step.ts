import fs from 'node:fs/promises';
import path from 'node:path';
import type { ValidateFunction } from 'ajv';
import { KnownFailure } from '../../engines/known-failure.js';
import { createAjv, describeErrors } from '../../json-schema/ajv.js';
import { askModel } from '../shared/ask-model.js';
import { cacheOfSchemas } from '../shared/file-caches.js';
import { loadTemplate } from '../shared/prompt-templates.js';
import { defineStep } from '../step.js';
import { offlineAnalyzers } from './analyzers/registry.js';
import { promptSpec } from './prompt.spec.js';

interface PromptInput {
  template: string;
  input: Record<string, unknown>;
  schema: string;
  offline?: string;
  images?: Array<string | { keyframe_path: string }>;
}

const ajv = createAjv();
cacheOfSchemas(clearResultSchemas);
const validators = new Map<string, Promise<{ schema: Record<string, unknown>; validate: ValidateFunction }>>();

export const promptStep = defineStep<PromptInput, unknown>({
  ...promptSpec,
  async run(input, ctx) {
    const { schema, validate } = await loadSchema(ctx.tools.paths.schemasDir, input.schema);
    const model = ctx.tools.llm;
    if (!model) {
      const analyzer = input.offline ? offlineAnalyzers.get(input.offline) : undefined;
      if (!analyzer)
        throw new KnownFailure(
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
    throw new KnownFailure(`the result schema ${file} cannot be loaded: ${err.message}`);
  });
}
