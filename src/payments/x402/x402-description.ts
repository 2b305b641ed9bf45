import type { ProtocolDescription } from '../payment-offer.js';

/** A POST of `url` with a JSON body {url}, through `fetchName`, as the paying examples write it. */
export function postExample(url: string, fetchName: string): string {
  return `const res = await ${fetchName}('${url}', { method: 'POST',
  headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url: 'https://example.com/clip.mp4' }) });
const { job_id, poll_url } = await res.json();   // 202: settled, job queued`;
}

/** x402 as the discovery documents describe it: both wire versions, their headers and the 402 body's schema. */
export const X402_DESCRIPTION: ProtocolDescription = {
  name: 'x402',
  title: 'x402',
  url: 'https://x402.org',
  howToPay:
    'pay one of accepts[] with x402 (sign it and send it in the PAYMENT-SIGNATURE header for v2, whose options are in the PAYMENT-REQUIRED header, or in X-PAYMENT for v1)',
  challenge: 'PAYMENT-REQUIRED header for x402 v2, accepts[] in the body for v1',
  guide: [
    "The 402 carries the x402 payment options (network, asset, payTo, amount in USDC atomic units) twice: x402 v2 in the `PAYMENT-REQUIRED` header (base64 JSON, CAIP-2 networks, the route's input and output schemas), and x402 v1 in the body `{x402Version: 1, error, accepts[]}`.",
    'Sign a payment for one option and send the same request again with the `PAYMENT-SIGNATURE` header (v2; the 202 carries `PAYMENT-RESPONSE`) or the `X-PAYMENT` header (v1; `X-PAYMENT-RESPONSE`). Stock clients do it: `@x402/fetch`, `x402-fetch`.',
  ],
  mcp: 'an unpaid call returns isError with the x402 requirements (accepts[]) in structuredContent; call again with the signed PaymentPayload in _meta["x402/payment"] to start the job (settlement in the result\'s _meta["x402/payment-response"])',
  examples: (url) => [
    [
      'x402 v2: @x402/fetch (Base; Solana with ExactSvmScheme from @x402/svm)',
      `import { wrapFetchWithPaymentFromConfig } from '@x402/fetch';
import { ExactEvmScheme } from '@x402/evm';
import { privateKeyToAccount } from 'viem/accounts';

const account = privateKeyToAccount(process.env.EVM_PRIVATE_KEY);
const fetchWithPayment = wrapFetchWithPaymentFromConfig(fetch, {
  schemes: [{ network: 'eip155:8453', client: new ExactEvmScheme(account) }],
});
${postExample(url, 'fetchWithPayment')}`,
    ],
    [
      'x402 v1: x402-fetch (set maxValue: its default limit is 0.10 USDC)',
      `import { wrapFetchWithPayment } from 'x402-fetch';
import { createWalletClient, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { base } from 'viem/chains';

const client = createWalletClient({ account: privateKeyToAccount(process.env.EVM_PRIVATE_KEY), transport: http(), chain: base });
const fetchWithPayment = wrapFetchWithPayment(fetch, client, BigInt(0.5 * 10 ** 6));   // up to 0.50 USDC a call
${postExample(url, 'fetchWithPayment')}`,
    ],
  ],
  headers: {
    request: [
      { name: 'PAYMENT-SIGNATURE', description: 'x402 v2 payment (base64 JSON PaymentPayload)' },
      { name: 'X-PAYMENT', description: 'x402 v1 payment (base64 JSON PaymentPayload)' },
    ],
    challenge: [
      {
        name: 'PAYMENT-REQUIRED',
        description:
          'x402 v2 PaymentRequired (base64 JSON): the same options as the body, CAIP-2 networks, and the bazaar extension with the input and output schemas',
      },
    ],
    receipt: [
      { name: 'PAYMENT-RESPONSE', description: 'x402 v2 settlement response (base64 JSON), when paid with PAYMENT-SIGNATURE' },
      { name: 'X-PAYMENT-RESPONSE', description: 'x402 v1 settlement response (base64 JSON), when paid with X-PAYMENT' },
    ],
  },
  schemas: {
    components: {
      PaymentRequirements: {
        type: 'object',
        required: ['scheme', 'network', 'maxAmountRequired', 'resource', 'description', 'mimeType', 'payTo', 'maxTimeoutSeconds', 'asset'],
        properties: {
          scheme: { const: 'exact' },
          network: { type: 'string' },
          maxAmountRequired: { type: 'string', description: 'USDC atomic units (6 decimals)' },
          maxAmount: { type: 'string', description: 'Same as maxAmountRequired' },
          resource: { type: 'string', format: 'uri' },
          description: { type: 'string' },
          mimeType: { type: 'string' },
          payTo: { type: 'string' },
          maxTimeoutSeconds: { type: 'integer' },
          asset: { type: 'string' },
          outputSchema: {
            type: 'object',
            description: 'How to call the route (input: POST, JSON body schema) and the schema of the job result (output)',
          },
          extra: { type: 'object' },
        },
      },
      PaymentRequired: {
        type: 'object',
        required: ['x402Version', 'error', 'accepts'],
        properties: {
          x402Version: { const: 1 },
          error: { type: 'string' },
          accepts: { type: 'array', items: { $ref: '#/components/schemas/PaymentRequirements' } },
        },
      },
    },
    body: { $ref: '#/components/schemas/PaymentRequired' },
  },
  manifest: { x402Version: 1 },
};
