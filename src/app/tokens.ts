/** Nest injection tokens for the runtime's parts. */
export const RUNTIME = Symbol('RUNTIME');
export const ROUTE_TABLE = Symbol('ROUTE_TABLE');
