import type { DiscoveryContext } from './discovery-context.js';

/** `/.well-known/ai-plugin.json`: the plugin manifest pointing at the OpenAPI description. */
export function buildAiPlugin(ctx: DiscoveryContext): Record<string, unknown> {
  return {
    schema_version: 'v1',
    name_for_human: 'vidint',
    name_for_model: 'vidint',
    description_for_human: 'Analyze short-form videos and photos; pay per request in USDC.',
    description_for_model:
      'Turns a public video URL into a content analysis, products, ad-claim evaluation or fact-check, and photos into scans, haircut advice or portraits. ' +
      'Each POST is paid with x402 (answer 402 lists the payment options; resend with X-PAYMENT), returns a job id; poll GET /jobs/{id} until complete.',
    auth: { type: 'none' },
    api: { type: 'openapi', url: `${ctx.baseUrl}/openapi.json` },
    legal_info_url: `${ctx.baseUrl}/`,
  };
}
