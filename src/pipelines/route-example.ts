import type { ValidateFunction } from 'ajv';
import { sample } from 'openapi-sampler';
import { describeErrors } from '../json-schema/ajv.js';
import type { JsonSchema } from '../steps/step.js';

/** One call of a route as directories show it: a request body it accepts and, when one can be had, a result it returns. */
export interface RouteExample {
  request: Record<string, unknown>;
  /** Undefined: none written, and the one drawn from the result schema does not satisfy it (a listing shows none rather than a wrong one). */
  result?: unknown;
}

interface Validators {
  request: ValidateFunction;
  result: ValidateFunction | null;
}

/**
 * The route's example: the pipeline file's `example` where the operator wrote one, else drawn from the schemas
 * (their `examples`, defaults and formats; openapi-sampler). The request example must be a request the route
 * accepts, and a written result one its result schema accepts: otherwise the file does not load.
 */
export function routeExample(
  written: Partial<RouteExample> | undefined,
  schemas: { request: JsonSchema; result: JsonSchema | null },
  validate: Validators,
  report: (msg: string) => void,
): RouteExample {
  const request = (written?.request ?? sample(schemas.request, { skipNonRequired: true, quiet: true }, schemas.request)) as Record<
    string,
    unknown
  >;
  // Validation fills defaults in place: the example stays as written.
  if (!validate.request(structuredClone(request))) {
    const why = describeErrors(validate.request.errors).join('; ');
    report(
      `example.request: ${written?.request ? '' : 'the example drawn from the request schema '}is not a valid request (${why}); write one`,
    );
  }
  if (written?.result !== undefined) {
    if (validate.result && !validate.result(structuredClone(written.result)))
      report(`example.result: does not match the result schema (${describeErrors(validate.result.errors).join('; ')})`);
    return { request, result: written.result };
  }
  const drawn = sample(schemas.result ?? { type: 'object' }, { quiet: true }, schemas.result ?? undefined);
  return !validate.result || validate.result(structuredClone(drawn)) ? { request, result: drawn } : { request };
}
