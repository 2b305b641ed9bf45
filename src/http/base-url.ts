import type { FastifyRequest } from 'fastify';

/** PUBLIC_BASE_URL when configured, else the scheme and host the client used. */
export function baseUrl(request: FastifyRequest, configured: string | null): string {
  if (configured) return configured;
  return `${request.protocol}://${request.headers.host ?? 'localhost'}`;
}
