import { defineSpec } from '../step.js';
import { offlineAnalyzerResults } from './analyzers/analyzer-results.js';

export const promptSpec = defineSpec({
  type: 'prompt',
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
    const result = offlineAnalyzerResults.get(offline);
    if (!result)
      return [`with.offline: unknown offline analyzer '${offline}' (known: ${[...offlineAnalyzerResults.keys()].sort().join(', ')})`];
    if (typeof schema === 'string' && !schema.includes('{{') && schema !== result) {
      return [`with.offline: the offline analyzer '${offline}' produces ${result}, not the step's schema ${schema}`];
    }
    return [];
  },
});
