import type { ProtocolDescription } from '../payment-offer.js';
import { postExample } from '../x402/x402-description.js';

/** MPP on Tempo as the discovery documents describe it: its challenge, credential and receipt headers. */
export function mppDescription(chainId: number, currency: string): ProtocolDescription {
  return {
    name: 'mpp',
    title: 'the Machine Payments Protocol (MPP)',
    url: 'https://mpp.dev',
    howToPay: 'answer the WWW-Authenticate challenge with MPP on Tempo (Authorization: Payment)',
    challenge: 'WWW-Authenticate: Payment challenge for MPP',
    guide: [
      `Or pay with MPP on Tempo (chain ${chainId}, token ${currency}): answer the 402's \`WWW-Authenticate: Payment\` challenge with \`Authorization: Payment <credential>\` (a signed transfer, or the hash of one you sent); the 202 carries \`Payment-Receipt\`.`,
    ],
    mcp: 'the unpaid call\'s result carries the MPP challenge in _meta["org.paymentauth/payment-required"]; call again with a credential answering it in _meta["org.paymentauth/credential"] (the receipt comes back in _meta["org.paymentauth/receipt"]; a refused credential is JSON-RPC error -32043)',
    examples: (url) => [
      [
        'MPP: mppx on Tempo (wraps the global fetch)',
        `import { Mppx, tempo } from 'mppx/client';
import { privateKeyToAccount } from 'viem/accounts';

Mppx.create({ methods: [tempo({ account: privateKeyToAccount(process.env.TEMPO_PRIVATE_KEY) })] });
${postExample(url, 'fetch')}`,
      ],
    ],
    headers: {
      request: [{ name: 'Authorization', description: 'MPP credential: `Payment <credential>` answering the 402 challenge' }],
      challenge: [{ name: 'WWW-Authenticate', description: 'MPP challenge (`Payment ...`, method tempo, intent charge)' }],
      receipt: [{ name: 'Payment-Receipt', description: 'MPP receipt (when paid with Authorization: Payment)' }],
    },
    schemas: null,
    manifest: null,
  };
}
