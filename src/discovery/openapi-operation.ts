import type { HeaderObject, OperationObject, ParameterObject, ResponseObject, ResponsesObject } from 'openapi3-ts/oas31';
import type { HeaderDoc, ProtocolDescription } from '../payments/payment-offer.js';
import type { EndpointFacts } from './discovery-context.js';
import { jobCallbacks } from './openapi-push.js';
import { embed } from './openapi-schemas.js';

/** The answer a JSON error body gives, described. */
export function errorResponse(description: string): ResponseObject {
  return { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
}

/** The POST operation of a paid route: its body, every answer, the payment headers of the protocols on offer. */
export function paidOperation(
  f: EndpointFacts,
  protocols: ProtocolDescription[],
  ids: { operation: string; result: string | null },
): OperationObject {
  const p = f.pipeline;
  const callbacks = jobCallbacks(p);
  const resultNote = ids.result ? `\n\nResult (in the job's \`result\` when complete): \`${ids.result}\`.` : '';
  return {
    operationId: ids.operation,
    summary: p.summary,
    description: `${p.description}\n\nPrice: ${p.priceUsd} USD (${f.amount} USDC atomic units) per call. Typical completion: about ${f.typicalSeconds} s.${resultNote}${f.available ? '' : '\n\n**Not available yet**: answers 501 before any payment.'}`,
    tags: [f.available ? 'paid' : 'planned'],
    parameters: paidParameters(protocols),
    requestBody: {
      required: true,
      content: {
        'application/json': {
          schema: embed(p.requestSchema, `#/paths/${pointerToken(p.path)}/post/requestBody/content/application~1json/schema`),
        },
      },
    },
    responses: paidResponses(f, protocols),
    ...(callbacks ? { callbacks } : {}),
    'x-status': p.status,
    'x-available': f.available,
    ...(ids.result ? { 'x-result-schema': { $ref: `#/components/schemas/${ids.result}` } } : {}),
    // No API key: payment is declared apart from `security` (the agentcash discovery profile).
    security: [],
    'x-payment-info': paymentInfo(f),
  };
}

function headers(docs: HeaderDoc[]): Record<string, HeaderObject> {
  return Object.fromEntries(docs.map((h) => [h.name, { description: h.description, schema: { type: 'string' } }]));
}

/** Every answer a paid route can give, with the headers that carry the payment and the job. */
function paidResponses(f: EndpointFacts, protocols: ProtocolDescription[]): ResponsesObject {
  const body = protocols.find((p) => p.schemas)?.schemas?.body ?? { $ref: '#/components/schemas/Error' };
  const responses: ResponsesObject = {
    '202': {
      description: 'Payment settled; the job is queued. Poll `poll_url` (GET /jobs/{id}) every 2 to 5 seconds.',
      headers: {
        Location: { description: 'The poll URL', schema: { type: 'string' } },
        'Retry-After': { description: 'Seconds to wait before polling', schema: { type: 'integer' } },
        ...headers(protocols.flatMap((p) => p.headers.receipt)),
      },
      content: { 'application/json': { schema: { $ref: '#/components/schemas/JobAccepted' } } },
    },
    '400': errorResponse(
      'The request body is not valid JSON or breaks the request schema (including a source URL refused on its face: not http/https, user credentials, an IP literal in a blocked range, or on /menu-from-maps not a map-service URL), or X-AFFILIATE-ID is malformed (never charged)',
    ),
    '402': {
      description: 'Payment required, or the presented payment was refused (never charged)',
      headers: headers(protocols.flatMap((p) => p.headers.challenge)),
      content: { 'application/json': { schema: body } },
    },
    '405': errorResponse('Wrong method; see the Allow header'),
    '409': errorResponse('This payment was already used for a different request (nothing charged again)'),
    '413': errorResponse('Request body too large'),
    '422': errorResponse(
      'The payment verified, but a source was refused before settling it (unreachable, an error status, blocked, too large or too long, truncated, not media, a page without a video, an image URL that serves no image); the reason says which. Nothing was charged; the same payment can be sent again with another source',
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

/** The payment headers of the protocols on offer, and the affiliate header, a paid route reads. */
function paidParameters(protocols: ProtocolDescription[]): ParameterObject[] {
  return [
    ...protocols.flatMap((p) =>
      p.headers.request.map(
        (h): ParameterObject => ({ name: h.name, in: 'header', required: false, description: h.description, schema: { type: 'string' } }),
      ),
    ),
    {
      name: 'X-AFFILIATE-ID',
      in: 'header',
      required: false,
      description: 'Referring affiliate (1-64 of A-Z a-z 0-9 _ . -)',
      schema: { type: 'string', pattern: '^[A-Za-z0-9_.-]{1,64}$' },
    },
  ];
}

/**
 * `x-payment-info` in the structured form directories read (price, protocols), followed by what an agent needs to
 * pay without a first 402: the atomic amount, the networks and each protocol's details (x402: every option).
 */
function paymentInfo(f: EndpointFacts): Record<string, unknown> {
  return {
    price: { mode: 'fixed', currency: 'USD', amount: f.pipeline.priceUsd },
    protocols: f.offers.map((o) => o.directoryEntry),
    price_usd: f.pipeline.priceUsd,
    amount: f.amount,
    asset: 'USDC',
    decimals: 6,
    networks: f.offers.flatMap((o) => o.networks.map((n) => n.network)),
    ...Object.assign({}, ...f.offers.map((o) => o.details)),
  };
}

/** One JSON Pointer reference token, as written inside a URI fragment. */
function pointerToken(text: string): string {
  return encodeURIComponent(text.replace(/~/g, '~0').replace(/\//g, '~1')).replace(/%7E/gi, '~');
}
