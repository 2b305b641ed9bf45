import { fromV2Payload } from '../payments/x402/x402-v2.js';

/** How a paid request paid, for metrics and logs: the method and network only, never the credential itself. */
export interface PaymentLabels {
  method: 'x402' | 'mpp';
  network: string;
}

const NETWORK = /^[a-z0-9][a-z0-9:_-]{0,40}$/i;

/** Null when the request carries no payment (a first call that gets the 402 challenge). */
export function paymentLabels(headers: Record<string, string | string[] | undefined>): PaymentLabels | null {
  const authorization = headers.authorization;
  if (typeof authorization === 'string' && /^Payment\s/i.test(authorization)) return { method: 'mpp', network: 'tempo' };
  const v2 = headers['payment-signature'];
  if (v2 !== undefined) return { method: 'x402', network: x402Network(v2, true) };
  const v1 = headers['x-payment'];
  if (v1 === undefined) return null;
  return { method: 'x402', network: x402Network(v1, false) };
}

/**
 * The network an x402 header names (base64 JSON: X-PAYMENT's `network`, or PAYMENT-SIGNATURE's
 * `accepted.network` under its v1 name, as the rails read it), or `unknown` when it cannot be read.
 */
function x402Network(header: string | string[], v2: boolean): string {
  try {
    const decoded = JSON.parse(Buffer.from(String(header), 'base64').toString('utf8'));
    const payment = v2 ? fromV2Payload(decoded ?? {}) : decoded;
    const network = typeof payment === 'object' ? payment?.network : undefined;
    return typeof network === 'string' && NETWORK.test(network) ? network : 'unknown';
  } catch {
    return 'unknown';
  }
}
