/** A JSON Schema, as the pipelines declare it. */
export type Schema = Record<string, unknown>;

/** What the job's `result` holds when a pipeline declares no result schema. */
const ANY_RESULT: Schema = { type: 'object' };

/** Keys that only explain a schema: left out of the copies in payment headers, which must stay small. */
const PROSE = new Set(['description', 'examples', 'example', 'title', '$comment', '$id', '$schema']);

/**
 * A schema without its prose, for the 402's headers and the payment that echoes them back: a v2 client
 * returns the 402's extensions inside PAYMENT-SIGNATURE, and a request's headers are limited to 16 KB.
 * The full schemas are in the OpenAPI document. A property named like a prose key is kept.
 */
export function compactSchema(schema: unknown, inProperties = false): unknown {
  if (Array.isArray(schema)) return schema.map((s) => compactSchema(s));
  if (!schema || typeof schema !== 'object') return schema;
  return Object.fromEntries(
    Object.entries(schema as Schema)
      .filter(([key]) => inProperties || !PROSE.has(key))
      .map(([key, value]) => [key, compactSchema(value, !inProperties && (key === 'properties' || key === 'patternProperties'))]),
  );
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

/**
 * The x402 v2 `bazaar` discovery extension of a 402: `info` says how the route is called, `schema` (a
 * JSON Schema of `info`) carries the request body's schema at properties.input.properties.body and the
 * result's at properties.output.properties.example, where directories read them.
 */
export function bazaarExtension(input: Schema, output: Schema | null): Schema {
  return {
    info: { input: { type: 'http', method: 'POST', bodyType: 'json' }, output: { type: 'json' } },
    schema: {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: {
        input: {
          type: 'object',
          properties: {
            type: { type: 'string', const: 'http' },
            method: { type: 'string', enum: ['POST'] },
            bodyType: { type: 'string', enum: ['json'] },
            body: compactSchema(input),
          },
          required: ['type', 'method', 'bodyType'],
        },
        output: { type: 'object', properties: { type: { type: 'string' }, example: compactSchema(output ?? ANY_RESULT) }, required: ['type'] },
      },
      required: ['input'],
    },
  };
}
