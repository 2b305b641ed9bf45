import type { FastifyRequest } from 'fastify';
import { ApiError } from './api-error.js';

/** A Host header as RFC 9110 allows it: a name or IPv4 address, or a bracketed IPv6 address, and an optional port. */
const HOST =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.?|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * PUBLIC_BASE_URL when configured, else the scheme and host the client used. A Host that is not a host (a path,
 * spaces, anything a URL would carry further) is a 400: it would otherwise be echoed into URLs the service hands out.
 * So is one a URL cannot hold (a port over 65535, a malformed IPv6 address), before any payment work builds on it.
 */
export function baseUrl(request: FastifyRequest, configured: string | null): string {
  if (configured) return configured;
  const host = request.headers.host ?? 'localhost';
  const url = `${request.protocol}://${host}`;
  if (!HOST.test(host) || !URL.canParse(url)) throw new ApiError(400, 'the Host header is not a valid host. Nothing was charged.');
  return url;
}
