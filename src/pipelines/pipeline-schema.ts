import type { JsonSchema } from '../steps/step.js';
import { allowExpressions } from './expression.js';
import type { StepRegistry } from './step-registry.js';

export const PRICE_PATTERN = '^(0|[1-9][0-9]{0,5})(\\.[0-9]{1,6})?$';
export const STEP_ID_PATTERN = '^[a-z][a-z0-9_]{0,63}$';
export const ROUTE_PATH_PATTERN = '^/[a-z0-9][a-z0-9-]*(/[a-z0-9][a-z0-9-]*)*$';

const schemaOrRef = {
  description: 'An inline JSON Schema, or {$ref: <file under schemas/>} such as requests/video.json',
  type: 'object',
};

/** The top-level keys of a pipeline file. */
const PIPELINE_PROPERTIES = {
  path: { type: 'string', pattern: ROUTE_PATH_PATTERN, description: 'The POST route, e.g. /analyze' },
  summary: { type: 'string', minLength: 1, maxLength: 120 },
  description: { type: 'string' },
  status: {
    enum: ['live', 'planned'],
    default: 'live',
    description: 'planned: listed in discovery but answered with 501 before any payment, until its steps exist',
  },
  price_usd: {
    type: 'string',
    pattern: PRICE_PATTERN,
    description: 'Price per call in USD as a decimal string with at most 6 decimals ("0.10"); converted to USDC atomic units exactly',
  },
  estimated_seconds: { type: 'integer', minimum: 1, maximum: 3600 },
  request: schemaOrRef,
  result: schemaOrRef,
  steps: { type: 'array', items: { $ref: '#/definitions/step' } },
  output: { description: 'The job result: usually "{{steps.<id>}}" or an object of expressions; validated against `result`' },
  example: {
    type: 'object',
    additionalProperties: false,
    description:
      'One call as directories show it (the x402 Bazaar listing): a request body the route accepts and a result it returns. ' +
      'Drawn from the schemas (their examples, defaults and formats) where not written here',
    properties: { request: { type: 'object' }, result: {} },
  },
};

/**
 * The pipeline file format as JSON Schema, generated from the step registry: the list of step types
 * and each type's `with:` come from the executors' own specs. `npm run generate` writes it to
 * schemas/pipeline.schema.json for editors; the loader validates with this same object.
 */
export function buildPipelineSchema(registry: StepRegistry): JsonSchema {
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: 'https://vidint.dev/schemas/pipeline.schema.json',
    title: 'vidint pipeline',
    description: 'One paid endpoint: its route, price, request and result schemas, and the steps that compute the result.',
    type: 'object',
    required: ['path', 'summary', 'price_usd', 'estimated_seconds', 'request'],
    additionalProperties: false,
    properties: PIPELINE_PROPERTIES,
    definitions: { step: stepDefinition(registry) },
  };
}

/** One entry of `steps:`, each step type's `with:` checked against its executor's spec. */
function stepDefinition(registry: StepRegistry): JsonSchema {
  return {
    type: 'object',
    required: ['id', 'uses'],
    additionalProperties: false,
    properties: {
      id: { type: 'string', pattern: STEP_ID_PATTERN },
      uses: { enum: registry.types(), description: 'The step executor type' },
      with: { type: 'object', description: "The executor's input; values may hold {{expressions}}" },
      when: { type: 'string', description: 'Run the step only when this expression is truthy; a skipped step outputs null' },
      timeout_seconds: { type: 'number', exclusiveMinimum: 0, maximum: 3600 },
      retries: { type: 'integer', minimum: 0, maximum: 5, description: 'Retries for transient failures only' },
      optional: {
        type: 'boolean',
        default: false,
        description:
          'When the step fails, times out or gets unusable input (because an optional step it reads was skipped), ' +
          'it outputs null and the job goes on; the job lists it in `warnings`. A mandatory step failing fails the job.',
      },
    },
    allOf: registry.all().map((e) => ({
      if: { properties: { uses: { const: e.type } } },
      then: {
        ...(Array.isArray(e.with.required) && e.with.required.length ? { required: ['with'] } : {}),
        properties: { with: allowExpressions(e.with) },
      },
    })),
  };
}
