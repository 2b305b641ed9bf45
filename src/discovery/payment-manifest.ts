import { type DiscoveryContext, endpointFacts, offeredNetworks, protocols } from './discovery-context.js';

/** The manifests the protocols on offer publish, by name: each at /.well-known/<name>. */
export function manifestUrls(ctx: DiscoveryContext): Record<string, string> {
  return Object.fromEntries(
    protocols(ctx)
      .filter((p) => p.manifest)
      .map((p) => [p.name, `${ctx.baseUrl}/.well-known/${p.name}`]),
  );
}

/**
 * `/.well-known/<protocol>` for a protocol that publishes a manifest (x402's): first the `{version: 1, resources}`
 * list directories crawl (one URL per paid route), then the protocol's own fields, the networks, assets,
 * receiving addresses and price of every endpoint, with that protocol's details of each. Null: it publishes none.
 */
export function buildPaymentManifest(ctx: DiscoveryContext, name: string): Record<string, unknown> | null {
  const protocol = protocols(ctx).find((p) => p.name === name && p.manifest);
  if (!protocol) return null;
  const facts = endpointFacts(ctx);
  return {
    version: 1,
    resources: facts.filter((f) => f.available).map((f) => f.url),
    instructions: `Each resource is a POST route paid per call; see ${ctx.baseUrl}/openapi.json and ${ctx.baseUrl}/llms.txt.`,
    ...protocol.manifest,
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
      ...f.offers.find((o) => o.protocol === name)?.details,
    })),
  };
}
