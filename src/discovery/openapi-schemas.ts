import type { JsonSchema } from '../steps/step.js';

/** The schemas every document shares: errors, the 202, receipts and the job (with its result by endpoint). */
export function commonSchemas(resultByPath: Array<[string, string]>): Record<string, JsonSchema> {
  const which = resultByPath.map(([path, name]) => `${path}: ${name}`).join('; ');
  return {
    Error: { type: 'object', required: ['error'], properties: { error: { type: 'string' } } },
    JobAccepted: {
      type: 'object',
      required: ['job_id', 'poll_url', 'status', 'estimated_completion_seconds'],
      properties: {
        job_id: { type: 'string', format: 'uuid' },
        poll_url: { type: 'string', format: 'uri' },
        status: { const: 'queued' },
        estimated_completion_seconds: { type: 'integer' },
        callback_secret: {
          type: 'string',
          description: "When the request has a callback_url: the key (hex) that verifies this job's deliveries (X-Vidint-Signature)",
        },
      },
    },
    Receipt: {
      type: 'object',
      required: ['receipt_id', 'payer', 'network', 'transaction', 'amount', 'settled_at'],
      properties: {
        receipt_id: { type: 'string' },
        payer: { type: 'string' },
        network: { type: 'string' },
        transaction: { type: 'string' },
        amount: { type: 'string', description: 'USDC atomic units' },
        settled_at: { type: 'integer', description: 'Epoch milliseconds' },
        affiliate_id: { type: 'string' },
      },
    },
    Job: jobSchema(resultByPath, which),
  };
}

/** The job envelope of GET /jobs/{id}; its `result` is one of the endpoints' result schemas. */
function jobSchema(resultByPath: Array<[string, string]>, which: string): JsonSchema {
  return {
    type: 'object',
    description: `A job created by a paid request. Result schema by endpoint_path: ${which || 'none declared'}.`,
    required: ['id', 'job_id', 'endpoint_path', 'status', 'created_at', 'cost_usd', 'progress', 'receipt', 'engines', 'warnings'],
    properties: {
      id: { type: 'string', format: 'uuid' },
      job_id: { type: 'string', format: 'uuid', description: 'Same as id' },
      endpoint_path: { type: 'string' },
      status: { enum: ['queued', 'processing', 'complete', 'failed'] },
      created_at: { type: 'integer', description: 'Epoch milliseconds' },
      completed_at: { type: 'integer', description: 'Epoch milliseconds; when complete or failed' },
      cost_usd: { type: 'number' },
      progress: {
        type: 'object',
        required: ['step', 'steps_done', 'steps_total'],
        properties: { step: { type: ['string', 'null'] }, steps_done: { type: 'integer' }, steps_total: { type: 'integer' } },
      },
      result: resultByPath.length
        ? {
            description: `When complete: the result of the endpoint named by endpoint_path (${which}); also the operation's x-result-schema`,
            anyOf: [...new Set(resultByPath.map(([, name]) => name))].map((name) => ({ $ref: `#/components/schemas/${name}` })),
          }
        : { description: "When complete: the endpoint's result (free-form JSON)" },
      error: { type: 'string', description: 'When failed' },
      receipt: { anyOf: [{ $ref: '#/components/schemas/Receipt' }, { type: 'null' }] },
      affiliate_id: { type: 'string' },
      engines: { type: 'object', additionalProperties: { type: 'string' } },
      warnings: {
        type: 'array',
        description:
          'What the job did without: an optional step that failed or timed out (its evidence is missing from the result), ' +
          'or a part a step skipped (e.g. an unreadable frame). Empty when nothing was skipped.',
        items: {
          type: 'object',
          required: ['step', 'message'],
          properties: { step: { type: 'string' }, message: { type: 'string' } },
        },
      },
      steps: {
        type: 'array',
        description:
          "Each step's run, in the order the steps ended: `done`, `skipped` (a false condition, or an optional step that " +
          'failed) or `failed`, with its wall time in milliseconds. Empty until the job has run.',
        items: {
          type: 'object',
          required: ['id', 'uses', 'state', 'ms'],
          properties: {
            id: { type: 'string', description: "The step's id in the pipeline" },
            uses: { type: 'string', description: 'The step type' },
            state: { enum: ['done', 'skipped', 'failed'] },
            ms: { type: 'integer', minimum: 0 },
          },
        },
      },
    },
  };
}

/** Keywords whose value maps names to subschemas: their keys are names, not keywords. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);
/** Keywords whose value is data, not a schema: left exactly as written. */
const DATA = new Set(['examples', 'example', 'default', 'const', 'enum']);

/**
 * A schema as embedded in the OpenAPI document at `at` (a URI fragment): without `$id` (which would make
 * it a separate resource, so relative references would stop resolving), and with its own internal
 * references (`#/$defs/x`) rebased onto where it now lives.
 */
export function embed(schema: JsonSchema, at: string): JsonSchema {
  const walk = (node: unknown, map: boolean): unknown => {
    if (Array.isArray(node)) return node.map((n) => walk(n, false));
    if (!node || typeof node !== 'object') return node;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(node)) {
      if (map) out[k] = walk(v, false);
      else if (k === '$id') continue;
      else if ((k === '$ref' || k === '$dynamicRef') && typeof v === 'string' && v.startsWith('#'))
        out[k] = v.startsWith('#/') || v === '#' ? at + v.slice(1) : v;
      else if (DATA.has(k)) out[k] = v;
      else out[k] = walk(v, SCHEMA_MAPS.has(k));
    }
    return out;
  };
  return walk(schema, false) as JsonSchema;
}
