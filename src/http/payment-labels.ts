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
  const header = headers['x-payment'];
  if (header === undefined) return null;
  return { method: 'x402', network: x402Network(header) };
}

/** The `network` an X-PAYMENT header names (base64 JSON), or `unknown` when it cannot be read. */
function x402Network(header: string | string[]): string {
  try {
    const network = JSON.parse(Buffer.from(String(header), 'base64').toString('utf8'))?.network;
    return typeof network === 'string' && NETWORK.test(network) ? network : 'unknown';
  } catch {
    return 'unknown';
  }
}
