import { type DiscoveryContext, endpointFacts, offeredNetworks } from './discovery-context.js';

/**
 * `/.well-known/x402`: first the `{version: 1, resources}` list x402 directories crawl (one URL per paid
 * route), then the networks, assets, receiving addresses and price of every endpoint.
 */
export function buildX402Manifest(ctx: DiscoveryContext): Record<string, unknown> {
  const facts = endpointFacts(ctx);
  return {
    version: 1,
    resources: facts.filter((f) => f.available).map((f) => f.url),
    instructions: `Each resource is a POST route paid per call; see ${ctx.baseUrl}/openapi.json and ${ctx.baseUrl}/llms.txt.`,
    x402Version: 1,
    mode: ctx.config.paymentMode,
    asset: 'USDC',
    decimals: 6,
    networks: offeredNetworks(facts),
    endpoints: facts.map((f) => ({
      path: f.pipeline.path,
      method: 'POST',
      url: f.url,
      description: f.pipeline.summary,
      price_usd: f.pipeline.priceUsd,
      amount: f.amount,
      status: f.pipeline.status,
      accepts: f.accepts,
    })),
  };
}
