import { createAjv } from '../../json-schema/ajv.js';
import { askModel } from '../shared/ask-model.js';
import { detectLanguage } from '../shared/language.js';
import { loadTemplate } from '../shared/prompt-templates.js';
import { defineStep } from '../step.js';
import type { PricedCategory, PricedItem } from './menu.types.js';
import { translateMenuSpec } from './translate-menu.spec.js';

interface Input {
  restaurant: { name: string; address: string | null };
  categories: PricedCategory[];
}

/** A name in English when known, as written, and its translation (null when none was made). */
interface Names {
  name: string;
  name_native: string;
  name_translated: string | null;
}

interface Output {
  categories: Array<Names & { items: Array<Names & Omit<PricedItem, 'name'>> }>;
  language: string | null;
  translation: string;
}

const SCHEMA = {
  type: 'object',
  required: ['language', 'translations'],
  additionalProperties: false,
  properties: {
    language: { type: 'string', pattern: '^[a-z]{2}$' },
    translations: {
      type: 'array',
      items: {
        type: 'object',
        required: ['text', 'english'],
        additionalProperties: false,
        properties: { text: { type: 'string' }, english: { type: 'string' } },
      },
    },
  },
};
const validate = createAjv().compile<{ language: string; translations: Array<{ text: string; english: string }> }>(SCHEMA);

export const translateMenuStep = defineStep<Input, Output>({
  ...translateMenuSpec,
  async run(input, ctx) {
    const texts = [...new Set(input.categories.flatMap((c) => [c.name, ...c.items.map((i) => i.name)]))];
    const sample = input.categories.flatMap((c) => c.items.map((i) => `${i.name}${i.description ? `. ${i.description}` : ''}`)).join('. ');
    let language = detectLanguage(sample);
    let english = new Map<string, string>();
    let note: string;
    const model = ctx.tools.llm;
    if (model) {
      const prompt = (await loadTemplate(ctx.tools.paths.promptsDir, 'menu-translate'))({ restaurant: input.restaurant, texts });
      const answer = await askModel(model, { prompt, schema: SCHEMA }, validate, ctx, {
        who: 'the translation model',
        schema: 'its schema',
      });
      english = new Map(answer.translations.map((t) => [t.text, t.english]));
      language = answer.language;
      const untranslated = texts.filter((t) => !english.has(t)).length;
      note = `translated by ${model.name}${untranslated ? `; ${untranslated} names came back without a translation` : ''}`;
      ctx.engine('translation', model.name);
    } else if (language === 'en') {
      english = new Map(texts.map((t) => [t, t]));
      note = 'the menu is in English: names are their own translation';
      ctx.engine('translation', 'none needed (English menu)');
    } else {
      note = `the menu is in ${language ?? 'a language that could not be identified'} and no model is configured (LLM_PROVIDER): names are not translated (name_translated is null)`;
      ctx.engine('translation', 'none (no model configured)');
    }
    const tr = (t: string) => english.get(t) ?? null;
    const categories = input.categories.map((c) => ({
      name: tr(c.name) ?? c.name,
      name_native: c.name,
      name_translated: tr(c.name),
      items: c.items.map((i) => ({
        name: tr(i.name) ?? i.name,
        name_native: i.name,
        name_translated: tr(i.name),
        description: i.description,
        price: i.price,
        price_usd: i.price_usd,
      })),
    }));
    return { categories, language, translation: note };
  },
});
