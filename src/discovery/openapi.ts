import { type OpenAPIObject, OpenApiBuilder, type PathItemObject, type SchemaObject } from 'openapi3-ts/oas31';
import {
  type DiscoveryContext,
  type EndpointFacts,
  endpointFacts,
  offeredNetworks,
  oneLine,
  protocols,
  retention,
} from './discovery-context.js';
import { errorResponse, paidOperation } from './openapi-operation.js';
import { jobEventsPath } from './openapi-push.js';
import { commonSchemas, embed } from './openapi-schemas.js';

/** OpenAPI 3.1.0 description of every paid route and the job resource, generated from the pipelines (built with openapi3-ts). */
export function buildOpenApi(ctx: DiscoveryContext): OpenAPIObject {
  const facts = endpointFacts(ctx);
  const offered = protocols(ctx);
  const builder = OpenApiBuilder.create({
    openapi: '3.1.0',
    info: {
      title: 'vidint',
      version: '1.0.0',
      description:
        `Pay-per-request video and image intelligence. No accounts or API keys: pay each request in USDC with ${offered.map((p) => p.name).join(' or ')}, ` +
        'receive 202 and a job id, poll GET /jobs/{id}. Payment is settled when the job is accepted; failed jobs are not refunded.',
      contact: { name: 'vidint', url: `${ctx.baseUrl}/` },
      // The service is not open source (package.json: UNLICENSED); what a caller may do is the pay-per-call terms of its landing page.
      license: { name: 'Proprietary: pay-per-call use as described at the service URL', url: `${ctx.baseUrl}/` },
      'x-guidance': guidance(ctx),
    },
    paths: {},
    'x-agentcash-guidance': { llmsTxtUrl: `${ctx.baseUrl}/llms.txt` },
    // mppx's discovery profile: what the service is and where its documents are.
    'x-service-info': {
      categories: ['video', 'image', 'ai'],
      docs: { homepage: `${ctx.baseUrl}/`, apiReference: `${ctx.baseUrl}/openapi.json`, llms: `${ctx.baseUrl}/llms.txt` },
    },
  });
  builder.addServer({ url: ctx.baseUrl });
  builder.addTag({ name: 'paid', description: 'Paid endpoints' });
  builder.addTag({ name: 'planned', description: 'Listed, not yet available (501, never charged)' });
  const resultByPath = addPaidRoutes(builder, facts, ctx);
  builder.addPath('/jobs/{id}', jobPath(retention(ctx)));
  builder.addPath('/jobs/{id}/events', jobEventsPath(errorResponse, retention(ctx)) as PathItemObject);
  const schemas = { ...commonSchemas(resultByPath), ...Object.assign({}, ...offered.map((p) => p.schemas?.components ?? {})) };
  for (const [name, schema] of Object.entries(schemas)) builder.addSchema(name, schema as SchemaObject);
  return { ...builder.getSpec(), 'x-payment-networks': offeredNetworks(facts) };
}

/** Adds each paid route and its result schema; returns endpoint path -> the component name of its result schema. */
function addPaidRoutes(builder: OpenApiBuilder, facts: EndpointFacts[], ctx: DiscoveryContext): Array<[string, string]> {
  const taken = protocols(ctx).flatMap((p) => Object.keys(p.schemas?.components ?? {}));
  const names = new UniqueNames(['Error', 'JobAccepted', 'Receipt', 'Job', ...taken]);
  const operationIds = new UniqueNames(['getJob']);
  const resultByPath: Array<[string, string]> = [];
  for (const f of facts) {
    const p = f.pipeline;
    const result = p.resultSchema ? names.claim(`${pascal(p.name)}Result`) : null;
    if (p.resultSchema && result) {
      builder.addSchema(result, embed(p.resultSchema, `#/components/schemas/${result}`) as SchemaObject);
      resultByPath.push([p.path, result]);
    }
    builder.addPath(p.path, { post: paidOperation(f, protocols(ctx), { operation: operationIds.claim(camel(p.name)), result }) });
  }
  return resultByPath;
}

/** GET /jobs/{id}; `kept` says how long a job can be read ("1 hour"). */
function jobPath(kept: string): PathItemObject {
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

/** The short agent guidance of `info.x-guidance`: how a call goes, in a few sentences. */
function guidance(ctx: DiscoveryContext): string {
  const pay = protocols(ctx).map((p) => p.howToPay);
  return oneLine(`
    POST a JSON body to a paid route. The first answer is 402 with the payment options; ${pay.join(' or ') || 'pay with the listed method'},
    and send the same request again. The answer is 202 with job_id and poll_url: poll GET /jobs/{id} (free) every 2 to 5 seconds
    until status is complete (read result) or failed (read error). A refused request (400, 402, 422) is never charged.`);
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
