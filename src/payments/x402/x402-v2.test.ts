import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type PaymentRequirementsV2, v2BindingMismatch } from './x402-v2.js';

const RESOURCE = 'https://api.example/echo';
const solana: PaymentRequirementsV2 = {
  scheme: 'exact',
  network: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  amount: '10000',
  asset: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
  payTo: '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin',
  maxTimeoutSeconds: 60,
  extra: { feePayer: 'FeePayer1111111111111111111111111111111111' },
};
const bound = (accepted: Record<string, unknown>) => ({ accepted, resource: RESOURCE });

test("a v2 payment's accepted entry must match the route as @x402/core's server matches it", () => {
  assert.equal(v2BindingMismatch(bound({ ...solana }), solana, RESOURCE), null);
  // A client may add to extra; it may not change or drop what the route put there.
  assert.equal(v2BindingMismatch(bound({ ...solana, extra: { ...solana.extra, memo: 'x' } }), solana, RESOURCE), null);
  assert.match(
    v2BindingMismatch(bound({ ...solana, extra: { feePayer: 'Someone111111111111111111111111111111111111' } }), solana, RESOURCE) ?? '',
    /its accepted extra \(\{"feePayer":"Someone1+"\}\) is not the route's/,
  );
  assert.match(
    v2BindingMismatch(bound({ ...solana, maxTimeoutSeconds: 600 }), solana, RESOURCE) ?? '',
    /accepted maxTimeoutSeconds \(600\)/,
  );
  assert.match(v2BindingMismatch(bound({ ...solana, amount: '10001' }), solana, RESOURCE) ?? '', /accepted amount \(10001\)/);
});

test('EVM addresses are matched without their checksum case, and the EIP-712 domain in extra deeply', () => {
  const base: PaymentRequirementsV2 = {
    ...solana,
    network: 'eip155:8453',
    asset: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
    payTo: '0xAbC0000000000000000000000000000000000001',
    extra: { name: 'USD Coin', version: '2' },
  };
  const lower = { ...base, asset: base.asset.toLowerCase(), payTo: base.payTo.toLowerCase() };
  assert.equal(v2BindingMismatch(bound(lower), base, RESOURCE), null);
  assert.match(v2BindingMismatch(bound({ ...base, extra: { name: 'USD Coin', version: '1' } }), base, RESOURCE) ?? '', /accepted extra/);
});
