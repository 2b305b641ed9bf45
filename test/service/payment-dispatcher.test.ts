import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MemoryAffiliateLedger } from '../../src/payments/affiliate-ledger.js';
import { MemoryClaimStore } from '../../src/payments/claim-store.js';
import { jobIdDeriver } from '../../src/payments/job-id.js';
import { PaymentDispatcher } from '../../src/payments/payment-dispatcher.js';
import type { ParsedPayment, PaymentMethod } from '../../src/payments/payment-method.js';
import type { PaidRequest, PaidWith, PaymentHeaders, PricedResource } from '../../src/payments/paywall.js';
import type { SettlementAttempt, SettlementIntent } from '../../src/payments/settlement.types.js';
import { SettlementFlow } from '../../src/payments/settlement-flow.js';
import { ECHO_SOURCE } from '../support/echo-source.js';

/**
 * The paywall against its port, PaymentMethod: two small methods stand in for x402 (one network, header
 * X-PAYMENT, an `accepts[]` entry) and MPP (header Authorization, a WWW-Authenticate challenge). A payment
 * is its header's text; "bad" is not signed by its payer, "broke" fails verification (no funds).
 */
class StandInMethod implements PaymentMethod<string> {
  settled: string[] = [];

  constructor(
    readonly network: string,
    readonly header: 'x-payment' | 'authorization',
  ) {}

  requirements(resource: PricedResource) {
    if (this.header !== 'x-payment') return [];
    const amount = '10000';
    const fields = {
      scheme: 'exact' as const,
      network: this.network,
      maxAmountRequired: amount,
      maxAmount: amount,
      mimeType: 'application/json',
    };
    return [
      {
        ...fields,
        resource: resource.resourceUrl,
        description: resource.description,
        payTo: 'us',
        maxTimeoutSeconds: 60,
        asset: 'usdc',
        extra: {},
      },
    ];
  }

  async challengeHeaders(): Promise<Record<string, string>> {
    return this.header === 'authorization' ? { 'www-authenticate': `Payment ${this.network}` } : {};
  }

  offer() {
    return null;
  }

  async parse(headers: PaymentHeaders): Promise<ParsedPayment<string>> {
    const value = headers[this.header];
    if (typeof value !== 'string') return null;
    if (this.header === 'authorization') return value.startsWith('Payment ') ? { payment: value.slice(8) } : null;
    const [network, payment] = value.split(':');
    if (!payment) return { refused: 'X-PAYMENT is malformed. Nothing was charged.' };
    return network === this.network ? { payment } : { network };
  }

  async attempt(resource: PricedResource, payment: string, request: PaidRequest): Promise<SettlementAttempt | { refused: string }> {
    const intent: SettlementIntent = {
      network: this.network,
      credential: payment,
      resource,
      fingerprint: request.fingerprint,
      job: request.job,
    };
    return {
      key: `${this.network}:${payment}`,
      network: this.network,
      amount: '10000',
      request,
      intent,
      authenticate: async () => (payment === 'bad' ? 'not signed by its payer' : null),
      // Like the schemes' verify: the signature, then the chain state.
      verify: async () => (payment === 'bad' ? 'invalid signature' : payment === 'broke' ? 'insufficient funds' : null),
      settle: async () => {
        this.settled.push(payment);
        return { ok: true, transaction: `tx-${payment}`, payer: 'payer' };
      },
      reconcile: async () => ({ settled: this.settled.includes(payment), transaction: `tx-${payment}` }),
      receiptHeaders: (transaction) => ({ receipt: transaction }),
    };
  }

  async resume(): Promise<SettlementAttempt | null> {
    return null;
  }
}

function setup() {
  const base = new StandInMethod('base', 'x-payment');
  const solana = new StandInMethod('solana', 'x-payment');
  const tempo = new StandInMethod('tempo', 'authorization');
  const jobs: string[] = [];
  const flow = new SettlementFlow({
    claims: new MemoryClaimStore(),
    ledger: new MemoryAffiliateLedger(),
    reconcileAfterMs: 60_000,
    createJob: async ({ jobId }) => void jobs.push(jobId),
    jobIdOf: jobIdDeriver('a test secret of at least 32 chars'),
  });
  return { base, solana, tempo, jobs, paywall: new PaymentDispatcher([base, solana, tempo], flow) };
}

const resource: PricedResource = { path: '/echo', description: 'echo', priceUsd: '0.01', resourceUrl: 'http://x/echo' };
const order = (text: string): PaidRequest => ({
  fingerprint: `fp-${text}`,
  job: { path: '/echo', pipeline: ECHO_SOURCE, request: { text }, affiliateId: null },
});

describe('the payment dispatcher (stand-in methods, real settlement service)', () => {
  it('answers an unpaid request with one 402 built from every method', async () => {
    const { paywall } = setup();
    const outcome = await paywall.collect(resource, {}, order('a'));
    assert.equal(outcome.kind, 'refused');
    if (outcome.kind !== 'refused') return;
    assert.deepEqual(
      outcome.challenge.body.accepts.map((a) => a.network),
      ['base', 'solana'],
    );
    const { 'payment-required': v2, ...others } = outcome.challenge.headers;
    assert.deepEqual(others, { 'www-authenticate': 'Payment tempo' });
    // The same x402 options in v2 form: CAIP-2 networks, `amount`, the resource named.
    const required = JSON.parse(Buffer.from(v2, 'base64').toString());
    assert.equal(required.x402Version, 2);
    assert.equal(required.error, outcome.challenge.body.error);
    assert.deepEqual(required.resource, { url: 'http://x/echo', description: 'echo', mimeType: 'application/json' });
    assert.deepEqual(
      required.accepts.map((a: any) => [a.network, a.amount]),
      [
        ['eip155:8453', '10000'],
        ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', '10000'],
      ],
    );
    assert.match(outcome.challenge.body.error, /payment required: pay one of accepts\[\].*or answer the WWW-Authenticate challenge/);
  });

  it('hands a payment to the method that owns it, and only that one settles it', async () => {
    const { paywall, base, solana, tempo, jobs } = setup();
    const x402 = await paywall.collect(resource, { 'x-payment': 'solana:p1' }, order('b'));
    const mpp = await paywall.collect(resource, { authorization: 'Payment p2' }, order('c'));
    assert.equal(x402.kind, 'accepted');
    assert.equal(mpp.kind, 'accepted');
    assert.deepEqual([base.settled, solana.settled, tempo.settled], [[], ['p1'], ['p2']]);
    assert.equal(jobs.length, 2);
    assert.deepEqual(x402.kind === 'accepted' && x402.headers, { receipt: 'tx-p1' });
  });

  it('refuses with the same one 402 and the reason: a malformed header, another network, both headers, a bad signature, no funds', async () => {
    const cases: Array<[PaymentHeaders, RegExp]> = [
      [{ 'x-payment': 'garbage' }, /^X-PAYMENT is malformed/],
      [{ 'x-payment': 'base-sepolia:p3' }, /^network 'base-sepolia' is not accepted \(accepted: base, solana\)/],
      [{ 'x-payment': 'base:p4', authorization: 'Payment p4' }, /not both/],
      [{ 'x-payment': 'base:bad' }, /not signed by its payer/],
      [{ 'x-payment': 'base:broke' }, /^payment refused: insufficient funds\. Nothing was charged\.$/],
    ];
    const { paywall, jobs } = setup();
    for (const [headers, reason] of cases) {
      const outcome = await paywall.collect(resource, headers, order('d'));
      assert.equal(outcome.kind, 'refused', JSON.stringify(headers));
      if (outcome.kind !== 'refused') continue;
      assert.match(outcome.challenge.body.error, reason);
      assert.equal(outcome.challenge.body.accepts.length, 2, 'every x402 option');
      assert.equal(outcome.challenge.headers['www-authenticate'], 'Payment tempo', 'and the MPP challenge');
    }
    assert.equal(jobs.length, 0);
  });

  it('tells how each request paid (metrics and logs): the method and a known network, never text from the header', async () => {
    const cases: Array<[PaymentHeaders, PaidWith | null]> = [
      [{}, null],
      [{ authorization: 'Bearer not-a-payment' }, null],
      [{ 'x-payment': 'solana:p5' }, { method: 'x402', network: 'solana' }],
      [{ authorization: 'Payment p6' }, { method: 'mpp', network: 'tempo' }],
      [{ 'x-payment': 'base:bad' }, { method: 'x402', network: 'base' }],
      [{ 'x-payment': 'garbage' }, { method: 'x402', network: 'unknown' }],
      [{ 'x-payment': 'base-sepolia:p7' }, { method: 'x402', network: 'base-sepolia' }],
      [{ 'x-payment': 'fake_metric 9:p8' }, { method: 'x402', network: 'unknown' }],
      [{ 'x-payment': 'constructor:p9' }, { method: 'x402', network: 'unknown' }],
    ];
    const { paywall } = setup();
    for (const [headers, paidWith] of cases) {
      assert.deepEqual((await paywall.collect(resource, headers, order('e'))).paidWith, paidWith, JSON.stringify(headers));
    }
  });
});
