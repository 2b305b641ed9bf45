import { type DiscoveryContext, endpointFacts, howToPay, offeredProtocols, protocols as protocolsOf } from './discovery-context.js';
import { manifestUrls } from './payment-manifest.js';

/** `/agents.json`: one skill per endpoint (with its input schema and price) plus the polling action. */
export function buildAgentsJson(ctx: DiscoveryContext): Record<string, unknown> {
  const protocols = protocolsOf(ctx).map((p) => p.name);
  return {
    schema_version: '1.0',
    name: 'vidint',
    description: `Short-form video and image intelligence, paid per request in USDC (${protocols.join(' or ')}). Results are polled from /jobs/{id}.`,
    url: ctx.baseUrl,
    authentication: {
      type: 'payment',
      protocols,
      description: `No API key: each paid request carries its payment: ${howToPay(ctx).join('; or ')}. See /openapi.json (x-payment-info)`,
    },
    documents: { openapi: `${ctx.baseUrl}/openapi.json`, ...manifestUrls(ctx), llms_txt: `${ctx.baseUrl}/llms.txt` },
    skills: [
      ...endpointFacts(ctx).map((f) => ({
        id: f.pipeline.name,
        name: f.pipeline.summary,
        description: f.pipeline.description,
        method: 'POST',
        path: f.pipeline.path,
        url: f.url,
        status: f.pipeline.status,
        available: f.available,
        price: { usd: f.pipeline.priceUsd, amount: f.amount, asset: 'USDC', decimals: 6, protocols: offeredProtocols(f) },
        input_schema: f.pipeline.requestSchema,
        returns: 'A job handle (202); the result is read with get_job',
        estimated_seconds: f.typicalSeconds,
      })),
      {
        id: 'get_job',
        name: 'Read a job',
        description: 'The status, progress and result or error of a job. Free. Poll every 2 to 5 seconds.',
        method: 'GET',
        path: '/jobs/{id}',
        url: `${ctx.baseUrl}/jobs/{id}`,
        status: 'live',
        available: true,
        price: { usd: '0', amount: '0', asset: 'USDC', decimals: 6 },
        input_schema: { type: 'object', required: ['id'], properties: { id: { type: 'string', format: 'uuid' } } },
      },
    ],
  };
}
