import type { PricedResource } from '../payments/priced-resource.js';
import type { Pipeline } from '../pipelines/pipeline.types.js';

/** Base URLs kept per pipeline: Host headers are the client's, so the cache stays bounded whatever they send. */
const BASES_KEPT = 64;
const built = new WeakMap<Pipeline, Map<string, PricedResource>>();

/**
 * What one call of a pipeline's route sells, as every transport and document offers it: its price, its URL at
 * `base`, its request and result schemas. One object per pipeline version and base URL, so whatever is derived
 * from it (the 402's options) can be kept with it.
 */
export function pricedResource(pipeline: Pipeline, base: string): PricedResource {
  let byBase = built.get(pipeline);
  if (!byBase) built.set(pipeline, (byBase = new Map()));
  let resource = byBase.get(base);
  if (!resource) {
    if (byBase.size >= BASES_KEPT) byBase.clear();
    resource = {
      path: pipeline.path,
      description: pipeline.summary,
      priceUsd: pipeline.priceUsd,
      resourceUrl: `${base}${pipeline.path}`,
      inputSchema: pipeline.requestSchema,
      outputSchema: pipeline.resultSchema,
      example: pipeline.example,
    };
    byBase.set(base, resource);
  }
  return resource;
}
