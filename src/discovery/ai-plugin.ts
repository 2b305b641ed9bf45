import { type DiscoveryContext, endpointFacts, howToPay, oneLine, usd } from './discovery-context.js';

/** The manifest's limits on its description fields. */
const HUMAN_MAX = 100;
const MODEL_MAX = 8000;

/** `/.well-known/ai-plugin.json`: the plugin manifest pointing at the OpenAPI description. */
export function buildAiPlugin(ctx: DiscoveryContext): Record<string, unknown> {
  const endpoints = endpointFacts(ctx).map(
    (f) =>
      `POST ${f.pipeline.path} (${usd(f.pipeline.priceUsd)}${f.available ? '' : ', not available yet'}): ${oneLine(f.pipeline.summary)}`,
  );
  const model =
    'Pay-per-request API with no API key. Each POST is paid in USDC: the first answer is 402 with the payment options; ' +
    `pay with ${howToPay(ctx).join(', or ')}, ` +
    'and resend the same request to get 202 and a job id, then poll GET /jobs/{id} every 2 to 5 seconds until status is complete (result) or failed (error). ' +
    `Endpoints: ${endpoints.join('; ') || 'none'}.`;
  return {
    schema_version: 'v1',
    name_for_human: 'vidint',
    name_for_model: 'vidint',
    description_for_human: truncate('Video and image intelligence, paid per request in USDC. No account needed.', HUMAN_MAX),
    description_for_model: truncate(model, MODEL_MAX),
    auth: { type: 'none' },
    api: { type: 'openapi', url: `${ctx.baseUrl}/openapi.json` },
    legal_info_url: `${ctx.baseUrl}/`,
  };
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 3)}...`;
}
