import type { NestFastifyApplication } from '@nestjs/platform-fastify';

/**
 * CORS for browser clients: any origin may call the API (there are no cookies or accounts: the payment is
 * the credential), send the payment headers, and read the headers that carry the settlement and the job.
 */
export const CORS_OPTIONS: Parameters<NestFastifyApplication['enableCors']>[0] = {
  origin: '*',
  methods: ['GET', 'POST', 'OPTIONS'],
  allowedHeaders: ['Content-Type', 'X-PAYMENT', 'PAYMENT-SIGNATURE', 'Authorization', 'X-AFFILIATE-ID', 'Mcp-Protocol-Version'],
  exposedHeaders: [
    'X-PAYMENT-RESPONSE',
    'PAYMENT-RESPONSE',
    'PAYMENT-REQUIRED',
    'Payment-Receipt',
    'WWW-Authenticate',
    'Location',
    'Retry-After',
  ],
  maxAge: 600,
  // Every OPTIONS is answered as a preflight (204), never with @fastify/cors's plain-text 400.
  strictPreflight: false,
  // Before the body is read, so a 413 or a bad JSON body carries the headers too; not onRequest, for which Nest wraps
  // @fastify/cors in its own hook and copies its headers on every request (bench/http: about 4% of GET /jobs/{id}).
  hook: 'preParsing',
};
