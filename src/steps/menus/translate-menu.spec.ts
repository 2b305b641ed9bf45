import { defineSpec } from '../step.js';

export const translateMenuSpec = defineSpec({
  type: 'translate_menu',
  summary: 'Translates category and dish names into English (with a model), or says why not',
  description:
    'Detects the menu language (franc). With a chat model (LLM_PROVIDER) every category and dish name is translated ' +
    'with prompts/menu-translate.hbs (answers validated, one repair). Offline, an English menu keeps its names as ' +
    'their translation, and any other language gets `name_translated: null` and a note saying why. Each item: `name` ' +
    '(English when known, else as written), `name_native` (as written) and `name_translated`.',
  with: {
    type: 'object',
    required: ['restaurant', 'categories'],
    additionalProperties: false,
    properties: { restaurant: { type: 'object' }, categories: { type: 'array' } },
  },
  output: { type: 'object', required: ['categories', 'language', 'translation'] },
  example:
    '- id: translation\n  uses: translate_menu\n  with: { restaurant: "{{steps.prices.restaurant}}", categories: "{{steps.prices.categories}}" }',
});
