import { EnvReader } from '../config/env-reader.js';

/** The HTTP server: where it listens, its limits, its public address and the operator routes' token. */
export interface HttpConfig {
  host: string;
  port: number;
  publicBaseUrl: string | null;
  bodyLimitBytes: number;
  /** A request (headers and body) not received within this is answered 408 and its connection closed. */
  httpRequestTimeoutMs: number;
  /** Bearer token for the operator routes (/admin/*); null disables them. */
  adminToken: string | null;
  /** Event streams (GET /jobs/{id}/events) one process keeps open at once; more are answered 503. */
  sseMaxStreams: number;
}

/** Where Nest provides this section (ConfigModule, composed in src/app). */
export const HTTP_CONFIG = Symbol('HTTP_CONFIG');

export const HTTP_DEFAULTS = {
  HOST: '127.0.0.1',
  PORT: '3000',
  BODY_LIMIT_BYTES: String(16 * 1024 * 1024),
  HTTP_REQUEST_TIMEOUT_SECONDS: '30',
  SSE_MAX_STREAMS: '1000',
} as const;

export function httpConfig(r: EnvReader<typeof HTTP_DEFAULTS>): HttpConfig {
  const publicBaseUrl = r.optional('PUBLIC_BASE_URL');
  if (publicBaseUrl !== null && !/^https?:\/\/[^/]+(\/.*)?$/.test(publicBaseUrl)) {
    r.problems.push(`PUBLIC_BASE_URL=${publicBaseUrl}: must be an absolute http(s) URL`);
  }
  const adminToken = r.optional('ADMIN_TOKEN');
  if (adminToken !== null && adminToken.length < 24) r.problems.push('ADMIN_TOKEN: must be at least 24 characters');
  return {
    host: r.get('HOST'),
    port: r.int('PORT', 0, 65535),
    publicBaseUrl: publicBaseUrl?.replace(/\/+$/, '') ?? null,
    bodyLimitBytes: r.int('BODY_LIMIT_BYTES', 1024, 512 * 1024 * 1024),
    httpRequestTimeoutMs: r.int('HTTP_REQUEST_TIMEOUT_SECONDS', 1, 3600) * 1000,
    adminToken,
    sseMaxStreams: r.int('SSE_MAX_STREAMS', 1, 1_000_000),
  };
}
