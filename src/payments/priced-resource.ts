/**
 * What is being sold: one call of one route, at its price, with the JSON Schemas of its request body and of
 * its job's result (told to clients and directories in every 402). Built in one place for every transport.
 */
export interface PricedResource {
  path: string;
  description: string;
  priceUsd: string;
  /** Absolute URL of the route, as the client called it. */
  resourceUrl: string;
  inputSchema: Record<string, unknown>;
  /** Null: the route declares no result schema. */
  outputSchema: Record<string, unknown> | null;
  /** A request body the route accepts and a result it returns (for directories' listings). */
  example: { request: Record<string, unknown>; result?: unknown };
}
