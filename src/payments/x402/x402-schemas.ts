import { bazaarResourceServerExtension, declareDiscoveryExtension } from '@x402/extensions/bazaar';

/** A JSON Schema, as the pipelines declare it. */
export type Schema = Record<string, unknown>;

/** What the job's `result` holds when a pipeline declares no result schema. */
const ANY_RESULT: Schema = { type: 'object' };

/** Keys that only explain a schema: left out of the copies in payment headers, which must stay small. */
const PROSE = new Set(['description', 'examples', 'example', 'title', '$comment', '$id', '$schema']);
/** Keywords whose value maps names to schemas. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', 'dependentSchemas']);
/** Keywords whose value is data, not a schema: copied as written. */
const DATA = new Set(['default', 'const', 'enum']);
/** How deep references are followed: a schema that refers to itself is cut off (any value) there. */
const MAX_REF_DEPTH = 8;

/**
 * A self-contained copy of a schema without its prose, for the 402's headers and the payment that echoes
 * them back (a v2 client returns the 402's extensions in PAYMENT-SIGNATURE; request headers are limited
 * to 16 KB). Local references (`#/$defs/...`) are inlined, as the copy lands inside another document.
 * The full schemas are in the OpenAPI document.
 */
export function compactSchema(schema: Schema): Schema {
  const resolve = (ref: string): unknown =>
    ref
      .slice(2)
      .split('/')
      .map((t) => decodeURIComponent(t).replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<unknown>((node, token) => (node && typeof node === 'object' ? (node as Schema)[token] : undefined), schema);
  const walk = (node: unknown, depth: number): unknown => {
    if (Array.isArray(node)) return node.map((n) => walk(n, depth));
    if (!node || typeof node !== 'object') return node;
    const ref = (node as Schema).$ref;
    if (typeof ref === 'string' && ref.startsWith('#/')) return depth >= MAX_REF_DEPTH ? {} : walk(resolve(ref) ?? {}, depth + 1);
    const out: Schema = {};
    for (const [key, value] of Object.entries(node as Schema)) {
      if (PROSE.has(key) || key === '$defs' || key === 'definitions') continue;
      if (DATA.has(key)) out[key] = value;
      else if (SCHEMA_MAPS.has(key) && value && typeof value === 'object') {
        out[key] = Object.fromEntries(Object.entries(value as Schema).map(([name, sub]) => [name, walk(sub, depth)]));
      } else out[key] = walk(value, depth);
    }
    return out;
  };
  return walk(schema, 0) as Schema;
}

/**
 * x402 v1's `outputSchema` of an accepts[] entry: how to call the route (POST, a JSON body of this
 * schema) and what the job's `result` holds once complete (read at the 202's poll_url).
 */
export function v1OutputSchema(input: Schema, output: Schema | null): Schema {
  return {
    input: { type: 'http', method: 'POST', bodyType: 'json', body: compactSchema(input) },
    output: compactSchema(output ?? ANY_RESULT),
  };
}

/** What a route's Bazaar listing is built from (a PricedResource has each). */
export interface BazaarRoute {
  path: string;
  inputSchema: Schema;
  outputSchema: Schema | null;
  /** `result` undefined: the listing shows the result's schema without an example. */
  example: { request: Record<string, unknown>; result?: unknown };
}

/**
 * The x402 v2 `bazaar` discovery extension of a 402, built by `@x402/extensions`: how the route is called (POST, a
 * JSON body of the request schema, an example body) and what the job's result holds (its schema and an example).
 * The HTTP method is added by the package's own enrichment, as its resource server would. The tests run the
 * package's validator on every shipped route's extension (not here: its ajv prints a warning per format it meets).
 */
export function bazaarExtension(route: BazaarRoute): Schema {
  const { result } = route.example;
  const { bazaar } = declareDiscoveryExtension({
    bodyType: 'json',
    input: route.example.request,
    inputSchema: compactSchema(route.inputSchema),
    ...(result !== undefined ? { output: { example: result, schema: compactSchema(route.outputSchema ?? ANY_RESULT) } } : {}),
  });
  const context = { method: 'POST', adapter: { getPath: () => route.path }, routePattern: route.path };
  return bazaarResourceServerExtension.enrichDeclaration?.(bazaar, context) as unknown as Schema;
}
