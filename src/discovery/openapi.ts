import type { JsonSchema } from '../steps/step.js';
import {
  type DiscoveryContext,
  type EndpointFacts,
  endpointFacts,
  offeredNetworks,
  offeredProtocols,
  oneLine,
  retention,
} from './discovery-context.js';
import { jobCallbacks, jobEventsPath } from './openapi-push.js';

/** OpenAPI 3.1.0 description of every paid route and the job resource, generated from the pipelines. */
export function buildOpenApi(ctx: DiscoveryContext): Record<string, unknown> {
  const facts = endpointFacts(ctx);
  const resultSchemas: Record<string, JsonSchema> = {};
  /** Endpoint path -> the component name of its result schema. */
  const resultByPath: Array<[string, string]> = [];
  const paths: Record<string, unknown> = {};
  const error = errorResponse;
  const names = new UniqueNames(['Error', 'JobAccepted', 'PaymentRequirements', 'PaymentRequired', 'Receipt', 'Job']);
  const operationIds = new UniqueNames(['getJob']);

  for (const f of facts) {
    const p = f.pipeline;
    const resultName = p.resultSchema ? names.claim(`${pascal(p.name)}Result`) : null;
    if (p.resultSchema && resultName) {
      resultSchemas[resultName] = embed(p.resultSchema, `#/components/schemas/${resultName}`);
      resultByPath.push([p.path, resultName]);
    }
    const responses = paidResponses(f);
    const callbacks = jobCallbacks(p);
    const resultNote = resultName ? `\n\nResult (in the job's \`result\` when complete): \`${resultName}\`.` : '';
    paths[p.path] = {
      post: {
        operationId: operationIds.claim(camel(p.name)),
        summary: p.summary,
        description: `${p.description}\n\nPrice: ${p.priceUsd} USD (${f.amount} USDC atomic units) per call. Typical completion: about ${p.estimatedSeconds} s.${resultNote}${f.available ? '' : '\n\n**Not available yet**: answers 501 before any payment.'}`,
        tags: [f.available ? 'paid' : 'planned'],
        parameters: paidParameters(f),
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: embed(p.requestSchema, `#/paths/${pointerToken(p.path)}/post/requestBody/content/application~1json/schema`),
            },
          },
        },
        responses,
        ...(callbacks ? { callbacks } : {}),
        'x-status': p.status,
        'x-available': f.available,
        ...(resultName ? { 'x-result-schema': { $ref: `#/components/schemas/${resultName}` } } : {}),
        // No API key: payment is declared apart from `security` (the agentcash discovery profile).
        security: [],
        'x-payment-info': paymentInfo(f),
      },
    };
  }

  paths['/jobs/{id}'] = jobPath(retention(ctx));
  paths['/jobs/{id}/events'] = jobEventsPath(error, retention(ctx));

  return {
    openapi: '3.1.0',
    info: {
      title: 'vidint',
      version: '1.0.0',
      description:
        'Pay-per-request video and image intelligence. No accounts or API keys: pay each request in USDC with x402, ' +
        'receive 202 and a job id, poll GET /jobs/{id}. Payment is settled when the job is accepted; failed jobs are not refunded.',
      contact: { name: 'vidint', url: `${ctx.baseUrl}/` },
      'x-guidance': guidance(facts),
    },
    'x-agentcash-guidance': { llmsTxtUrl: `${ctx.baseUrl}/llms.txt` },
    servers: [{ url: ctx.baseUrl }],
    tags: [
      { name: 'paid', description: 'Paid endpoints' },
      { name: 'planned', description: 'Listed, not yet available (501, never charged)' },
    ],
    paths,
    components: { schemas: { ...commonSchemas(resultByPath), ...resultSchemas } },
    'x-payment-networks': offeredNetworks(facts),
  };
}

/** The answer a JSON error body gives, described. */
function errorResponse(description: string) {
  return { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
}

/** Every answer a paid route can give, with the headers that carry the payment and the job. */
function paidResponses(f: EndpointFacts): Record<string, unknown> {
  const responses: Record<string, unknown> = {
    '202': {
      description: 'Payment settled; the job is queued. Poll `poll_url` (GET /jobs/{id}) every 2 to 5 seconds.',
      headers: {
        Location: { description: 'The poll URL', schema: { type: 'string' } },
        'Retry-After': { description: 'Seconds to wait before polling', schema: { type: 'integer' } },
        'PAYMENT-RESPONSE': {
          description: 'x402 v2 settlement response (base64 JSON), when paid with PAYMENT-SIGNATURE',
          schema: { type: 'string' },
        },
        'X-PAYMENT-RESPONSE': {
          description: 'x402 v1 settlement response (base64 JSON), when paid with X-PAYMENT',
          schema: { type: 'string' },
        },
        ...(f.mpp
          ? { 'Payment-Receipt': { description: 'MPP receipt (when paid with Authorization: Payment)', schema: { type: 'string' } } }
          : {}),
      },
      content: { 'application/json': { schema: { $ref: '#/components/schemas/JobAccepted' } } },
    },
    '400': errorResponse(
      'The request body is not valid JSON or breaks the request schema (including a source URL refused on its face: not http/https, user credentials, an IP literal in a blocked range, or on /menu-from-maps not a map-service URL), or X-AFFILIATE-ID is malformed (never charged)',
    ),
    '402': {
      description: 'Payment required, or the presented payment was refused (never charged)',
      headers: {
        'PAYMENT-REQUIRED': {
          description:
            'x402 v2 PaymentRequired (base64 JSON): the same options as the body, CAIP-2 networks, ' +
            'and the bazaar extension with the input and output schemas',
          schema: { type: 'string' },
        },
        ...(f.mpp
          ? {
              'WWW-Authenticate': {
                description: 'MPP challenge (`Payment ...`, method tempo, intent charge)',
                schema: { type: 'string' },
              },
            }
          : {}),
      },
      content: { 'application/json': { schema: { $ref: '#/components/schemas/PaymentRequired' } } },
    },
    '405': errorResponse('Wrong method; see the Allow header'),
    '409': errorResponse('This payment was already used for a different request (nothing charged again)'),
    '413': errorResponse('Request body too large'),
    '422': errorResponse(
      'The payment verified, but the source was refused before settling it (unreachable, gone, blocked, too large or not a video or page); the reason says which. Nothing was charged; the same payment can be sent again with another source',
    ),
    '415': errorResponse('Content-Type is not application/json'),
    '500': errorResponse('Unexpected server error'),
    '503': {
      ...errorResponse(
        'The same payment is still being settled by another request, or the job store (Redis) is not answering: resend the same payment after Retry-After, do not pay again (nothing is charged while the store is out)',
      ),
      headers: { 'Retry-After': { description: 'Seconds to wait before resending', schema: { type: 'integer' } } },
    },
  };
  if (!f.available) responses['501'] = errorResponse('Not available yet: its processing steps are still being built (never charged)');
  return responses;
}

/** The payment and affiliate headers a paid route reads. */
function paidParameters(f: EndpointFacts): unknown[] {
  return [
    {
      name: 'PAYMENT-SIGNATURE',
      in: 'header',
      required: false,
      description: 'x402 v2 payment (base64 JSON PaymentPayload)',
      schema: { type: 'string' },
    },
    {
      name: 'X-PAYMENT',
      in: 'header',
      required: false,
      description: 'x402 v1 payment (base64 JSON PaymentPayload)',
      schema: { type: 'string' },
    },
    ...(f.mpp
      ? [
          {
            name: 'Authorization',
            in: 'header',
            required: false,
            description: 'MPP credential: `Payment <credential>` answering the 402 challenge',
            schema: { type: 'string' },
          },
        ]
      : []),
    {
      name: 'X-AFFILIATE-ID',
      in: 'header',
      required: false,
      description: 'Referring affiliate (1-64 of A-Z a-z 0-9 _ . -)',
      schema: { type: 'string', pattern: '^[A-Za-z0-9_.-]{1,64}$' },
    },
  ];
}

/** GET /jobs/{id}; `kept` says how long a job can be read ("1 hour"). */
function jobPath(kept: string): Record<string, unknown> {
  return {
    get: {
      operationId: 'getJob',
      summary: 'The state, progress and result of a job (free)',
      security: [],
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
      responses: {
        '200': { description: 'The job', content: { 'application/json': { schema: { $ref: '#/components/schemas/Job' } } } },
        '404': errorResponse(`Unknown, malformed or expired (jobs are kept for ${kept} after creation)`),
        '503': {
          ...errorResponse('The job store (Redis) is not answering: poll again after Retry-After'),
          headers: { 'Retry-After': { description: 'Seconds to wait before polling again', schema: { type: 'integer' } } },
        },
      },
    },
  };
}

/**
 * `x-payment-info` in the structured form directories read (price, protocols), followed by what an agent
 * needs to pay without a first 402: the atomic amount and every x402 option.
 */
function paymentInfo(f: EndpointFacts): Record<string, unknown> {
  return {
    price: { mode: 'fixed', currency: 'USD', amount: f.pipeline.priceUsd },
    protocols: offeredProtocols(f).map((protocol) =>
      protocol === 'x402' ? { x402: {} } : { mpp: { method: 'tempo', intent: 'charge', currency: f.mpp!.currency } },
    ),
    price_usd: f.pipeline.priceUsd,
    amount: f.amount,
    asset: 'USDC',
    decimals: 6,
    networks: [...f.accepts.map((a) => a.network), ...(f.mpp ? [f.mpp.network] : [])],
    accepts: f.accepts,
  };
}

/** The short agent guidance of `info.x-guidance`: how a call goes, in a few sentences. */
function guidance(facts: EndpointFacts[]): string {
  const protocols = new Set(facts.flatMap(offeredProtocols));
  const pay = [
    ...(protocols.has('x402')
      ? [
          'x402 (read the options in the PAYMENT-REQUIRED header and send the signed payment in PAYMENT-SIGNATURE; ' +
            'v1 clients: accepts[] and X-PAYMENT)',
        ]
      : []),
    ...(protocols.has('mpp') ? ['MPP on Tempo (answer the WWW-Authenticate challenge with Authorization: Payment)'] : []),
  ];
  return oneLine(`
    POST a JSON body to a paid route. The first answer is 402 with the payment options; pay with ${pay.join(' or ') || 'the listed method'}
    and send the same request again. The answer is 202 with job_id and poll_url: poll GET /jobs/{id} (free) every 2 to 5 seconds
    until status is complete (read result) or failed (read error). A refused request (400, 402, 422) is never charged.`);
}

function commonSchemas(resultByPath: Array<[string, string]>): Record<string, JsonSchema> {
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
    PaymentRequirements: {
      type: 'object',
      required: ['scheme', 'network', 'maxAmountRequired', 'resource', 'description', 'mimeType', 'payTo', 'maxTimeoutSeconds', 'asset'],
      properties: {
        scheme: { const: 'exact' },
        network: { type: 'string' },
        maxAmountRequired: { type: 'string', description: 'USDC atomic units (6 decimals)' },
        maxAmount: { type: 'string', description: 'Same as maxAmountRequired' },
        resource: { type: 'string', format: 'uri' },
        description: { type: 'string' },
        mimeType: { type: 'string' },
        payTo: { type: 'string' },
        maxTimeoutSeconds: { type: 'integer' },
        asset: { type: 'string' },
        outputSchema: {
          type: 'object',
          description: 'How to call the route (input: POST, JSON body schema) and the schema of the job result (output)',
        },
        extra: { type: 'object' },
      },
    },
    PaymentRequired: {
      type: 'object',
      required: ['x402Version', 'error', 'accepts'],
      properties: {
        x402Version: { const: 1 },
        error: { type: 'string' },
        accepts: { type: 'array', items: { $ref: '#/components/schemas/PaymentRequirements' } },
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

/** One JSON Pointer reference token, as written inside a URI fragment. */
function pointerToken(text: string): string {
  return encodeURIComponent(text.replace(/~/g, '~0').replace(/\//g, '~1')).replace(/%7E/gi, '~');
}

/** "product-id" -> "ProductId"; anything outside [A-Za-z0-9] separates words. */
function pascal(name: string): string {
  const words = name.split(/[^A-Za-z0-9]+/).filter(Boolean);
  const joined = words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
  return /^[A-Za-z]/.test(joined) ? joined : `P${joined}`;
}

function camel(name: string): string {
  const p = pascal(name);
  return p.charAt(0).toLowerCase() + p.slice(1);
}

/** Hands out names, adding 2, 3, ... to a name already taken. */
class UniqueNames {
  private readonly taken: Set<string>;
  constructor(reserved: string[]) {
    this.taken = new Set(reserved);
  }
  claim(name: string): string {
    let n = name;
    for (let i = 2; this.taken.has(n); i++) n = `${name}${i}`;
    this.taken.add(n);
    return n;
  }
}
