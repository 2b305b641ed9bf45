import type { Config } from '../config/config.js';
import type { Pipeline } from '../pipelines/pipeline.types.js';
import type { Paywall, PricedResource } from '../payments/paywall.js';

/** Everything a discovery document is generated from: the loaded pipelines and the running payment config. */
export interface DiscoveryContext {
  baseUrl: string;
  pipelines: Pipeline[];
  paywall: Paywall;
  config: Config;
}

export function pricedResource(ctx: DiscoveryContext, p: Pipeline): PricedResource {
  return { path: p.path, description: p.summary, priceUsd: p.priceUsd, resourceUrl: `${ctx.baseUrl}${p.path}` };
}
