import http from 'node:http';
import type { ExactEvmSchemeV1 } from '@x402/evm/exact/v1/facilitator';
import type { Hex } from 'viem';
import { exactEvmFacilitator } from '../../src/payments/x402/evm-rail.js';

/**
 * A stand-in for a hosted x402 facilitator, on loopback: it speaks the facilitator HTTP API (POST /verify,
 * POST /settle with {x402Version, paymentPayload, paymentRequirements}; GET /supported) and verifies and
 * settles for real on the devnet chain. `connect()` points it at the chain once the devnet is up. A refused
 * verify is answered 200 (the x402 reference facilitator's way) unless `refusalStatus` says otherwise (some
 * hosted facilitators answer 400 with the same body).
 */
export async function startFacilitator() {
  const options = { refusalStatus: 200 };
  let scheme: Pick<ExactEvmSchemeV1, 'verify' | 'settle'> | null = null;
  const calls = { verify: 0, settle: 0 };
  const server = http.createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    const send = (status: number, value: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
    if (req.method === 'GET' && req.url === '/supported')
      return send(200, { kinds: [{ x402Version: 1, scheme: 'exact', network: 'base' }] });
    if (req.method !== 'POST' || !scheme || (req.url !== '/verify' && req.url !== '/settle')) return send(404, { error: 'not found' });
    const { paymentPayload, paymentRequirements } = JSON.parse(body);
    if (req.url === '/verify') {
      calls.verify++;
      const verdict = await scheme.verify(paymentPayload, paymentRequirements);
      return send(verdict.isValid ? 200 : options.refusalStatus, verdict);
    }
    calls.settle++;
    return send(200, await scheme.settle(paymentPayload, paymentRequirements));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    calls,
    options,
    connect(rpcUrl: string, key: Hex) {
      scheme = exactEvmFacilitator(rpcUrl, key).scheme;
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
