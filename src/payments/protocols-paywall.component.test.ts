import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ECHO_RESOURCE, ECHO_SOURCE } from '../../test/support/echo-source.js';
import { MemoryAffiliateLedger } from './affiliate-ledger.js';
import { MemoryClaimStore } from './claim-store.js';
import { jobIdDeriver } from './job-id.js';
import { mppDescription } from './mpp/mpp-description.js';
import type { Order, PaidRequest, PaymentHeaders } from './paid-request.js';
import type { ChallengePart } from './payment-challenge.js';
import type { PaidWith } from './payment-outcome.js';
import type { PaymentProtocol, ReadPayment } from './payment-protocol.js';
import type { PricedResource } from './priced-resource.js';
import { ProtocolsPaywall } from './protocols-paywall.js';
import type { SettlementAttempt } from './settlement.types.js';
import { SettlementFlow } from './settlement-flow.js';
import type { X402PaymentPayload, X402Rail } from './x402/rail.js';
import { X402Method } from './x402/x402-method.js';
import { X402Protocol } from './x402/x402-protocol.js';

/**
 * The paywall against its port, PaymentProtocol: the real x402 protocol over two stand-in rails (no chain: a
 * payment names itself by `payload.id`; "bad" is not signed by its payer, "broke" fails verification), and a
 * stand-in for MPP (header Authorization, a WWW-Authenticate challenge).
 */
class StandInRail implements X402Rail {
  settled: string[] = [];
  readonly asset = 'usdc';
  readonly payTo = 'us';
  readonly extra = {};

  constructor(readonly network: string) {}

  claimKey(payment: X402PaymentPayload): string | null {
    return typeof payment.payload.id === 'string' ? `${this.network}:${payment.payload.id}` : null;
  }
  async authenticate(payment: X402PaymentPayload) {
    return payment.payload.id === 'bad' ? { ok: false, reason: 'not signed by its payer' } : { ok: true, payer: 'payer' };
  }
  // Like the schemes' verify: the signature, then the chain state.
  async verify(payment: X402PaymentPayload) {
    const id = payment.payload.id;
    return id === 'bad'
      ? { ok: false, reason: 'invalid signature' }
      : id === 'broke'
        ? { ok: false, reason: 'insufficient funds' }
        : { ok: true };
  }
  async settle(payment: X402PaymentPayload) {
    this.settled.push(String(payment.payload.id));
    return { ok: true, transaction: `tx-${payment.payload.id}`, payer: 'payer' };
  }
  async reconcile(payment: X402PaymentPayload) {
    return { settled: this.settled.includes(String(payment.payload.id)), transaction: `tx-${payment.payload.id}` };
  }
}

/** MPP's shape: one network, `Authorization: Payment <payment>`, its part of the 402 a WWW-Authenticate header. */
class StandInMpp implements PaymentProtocol {
  readonly description = mppDescription(42431, '0xcurrency');
  settled: string[] = [];

  async challenge(): Promise<ChallengePart> {
    return { headers: { 'www-authenticate': 'Payment tempo' }, body: {} };
  }
  offer() {
    return { protocol: 'mpp', networks: [], directoryEntry: { mpp: {} }, details: {} };
  }
  async read(headers: PaymentHeaders): Promise<ReadPayment> {
    const value = headers.authorization;
    return typeof value === 'string' && value.startsWith('Payment ') ? { payment: value.slice(8), network: 'tempo' } : null;
  }
  async attempt(resource: PricedResource, payment: unknown, request: PaidRequest): Promise<SettlementAttempt> {
    const intent = { network: 'tempo', credential: String(payment), resource, fingerprint: request.fingerprint, job: request.job };
    return {
      ...{ key: `tempo:${payment}`, proof: null, network: 'tempo', amount: '10000', payer: null, request, intent },
      authenticate: async () => null,
      verify: async () => null,
      settle: async () => {
        this.settled.push(String(payment));
        return { ok: true, transaction: `tx-${payment}`, payer: 'payer' };
      },
      reconcile: async () => ({ settled: this.settled.includes(String(payment)) }),
      receiptHeaders: (transaction) => ({ receipt: transaction }),
      restateReceipt: (recorded) => recorded,
    };
  }
  async resume(): Promise<SettlementAttempt | null> {
    return null;
  }
}

function setup() {
  const base = new StandInRail('base');
  const solana = new StandInRail('solana');
  const tempo = new StandInMpp();
  const jobs: string[] = [];
  const flow = new SettlementFlow({
    claims: new MemoryClaimStore(),
    ledger: new MemoryAffiliateLedger(),
    reconcileAfterMs: 60_000,
    fulfilment: { precheck: async (order) => ({ order }), fulfil: async (_order, jobId) => void jobs.push(jobId) },
    jobIdOf: jobIdDeriver('a test secret of at least 32 chars'),
  });
  const x402 = new X402Protocol([new X402Method(base, 60), new X402Method(solana, 60)]);
  return { base, solana, tempo, jobs, paywall: new ProtocolsPaywall([x402, tempo], flow) };
}

/** An X-PAYMENT header for payment `id` on `network` (the stand-in rails read `payload.id`). */
const x402 = (network: string, id: string) =>
  Buffer.from(JSON.stringify({ x402Version: 1, scheme: 'exact', network, payload: { id } })).toString('base64');

const resource: PricedResource = ECHO_RESOURCE;
const order = (text: string): PaidRequest => ({
  fingerprint: `fp-${text}`,
  // The recorded form of orders/' JobOrder: payments read only its affiliate.
  job: { path: '/echo', pipeline: ECHO_SOURCE, request: { text }, affiliateId: null } as Order,
});

describe('the paywall over the payment protocols (x402 on stand-in rails, a stand-in MPP, real settlement service)', () => {
  it('answers an unpaid request with one 402 built from every protocol', async () => {
    const { paywall } = setup();
    const outcome = await paywall.collect(resource, {}, order('a'));
    assert.equal(outcome.kind, 'refused');
    if (outcome.kind !== 'refused') return;
    const accepts = outcome.challenge.body.accepts as Array<{ network: string }>;
    assert.deepEqual(
      accepts.map((a) => a.network),
      ['base', 'solana'],
    );
    const { 'payment-required': v2, ...others } = outcome.challenge.headers;
    assert.deepEqual(others, { 'www-authenticate': 'Payment tempo' });
    // The same x402 options in v2 form: CAIP-2 networks, `amount`, the resource named.
    const required = JSON.parse(Buffer.from(v2, 'base64').toString());
    assert.equal(required.x402Version, 2);
    assert.equal(required.error, outcome.challenge.body.error);
    assert.deepEqual(required.resource, {
      url: 'http://x/echo',
      description: 'echo',
      mimeType: 'application/json',
      serviceName: 'vidint',
      tags: ['video', 'image', 'analysis', 'fact-check', 'ai'],
      iconUrl: 'http://x/favicon.svg',
    });
    assert.deepEqual(
      required.accepts.map((a: any) => [a.network, a.amount]),
      [
        ['eip155:8453', '10000'],
        ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', '10000'],
      ],
    );
    assert.match(outcome.challenge.body.error, /payment required: pay one of accepts\[\].*or answer the WWW-Authenticate challenge/);
  });

  it('hands a payment to the protocol and network that own it, and only that one settles it', async () => {
    const { paywall, base, solana, tempo, jobs } = setup();
    const paidX402 = await paywall.collect(resource, { 'x-payment': x402('solana', 'p1') }, order('b'));
    const mpp = await paywall.collect(resource, { authorization: 'Payment p2' }, order('c'));
    assert.equal(paidX402.kind, 'accepted');
    assert.equal(mpp.kind, 'accepted');
    assert.deepEqual([base.settled, solana.settled, tempo.settled], [[], ['p1'], ['p2']]);
    assert.equal(jobs.length, 2);
    assert.equal(
      paidX402.kind === 'accepted' && JSON.parse(Buffer.from(paidX402.headers['x-payment-response'], 'base64').toString()).transaction,
      'tx-p1',
    );
  });

  it('refuses with the same one 402 and the reason: a malformed header, another network, both headers, a bad signature, no funds', async () => {
    const cases: Array<[PaymentHeaders, RegExp]> = [
      [{ 'x-payment': 'garbage' }, /^X-PAYMENT is malformed/],
      [{ 'x-payment': x402('base-sepolia', 'p3') }, /^network 'base-sepolia' is not accepted \(accepted: base, solana\)/],
      [{ 'x-payment': x402('base', 'p4'), authorization: 'Payment p4' }, /not both/],
      [{ 'x-payment': x402('base', 'bad') }, /not signed by its payer/],
      [{ 'x-payment': x402('base', 'broke') }, /^payment refused: insufficient funds\. Nothing was charged\.$/],
    ];
    const { paywall, jobs } = setup();
    for (const [headers, reason] of cases) {
      const outcome = await paywall.collect(resource, headers, order('d'));
      assert.equal(outcome.kind, 'refused', JSON.stringify(headers));
      if (outcome.kind !== 'refused') continue;
      assert.match(outcome.challenge.body.error, reason);
      assert.equal((outcome.challenge.body.accepts as unknown[]).length, 2, 'every x402 option');
      assert.equal(outcome.challenge.headers['www-authenticate'], 'Payment tempo', 'and the MPP challenge');
    }
    assert.equal(jobs.length, 0);
  });

  it('tells how each request paid (metrics and logs): the protocol and a known network, never text from the header', async () => {
    const cases: Array<[PaymentHeaders, PaidWith | null]> = [
      [{}, null],
      [{ authorization: 'Bearer not-a-payment' }, null],
      [{ 'x-payment': x402('solana', 'p5') }, { method: 'x402', network: 'solana' }],
      [{ authorization: 'Payment p6' }, { method: 'mpp', network: 'tempo' }],
      [{ 'x-payment': x402('base', 'bad') }, { method: 'x402', network: 'base' }],
      [{ 'x-payment': 'garbage' }, { method: 'x402', network: 'unknown' }],
      [{ 'x-payment': x402('base-sepolia', 'p7') }, { method: 'x402', network: 'base-sepolia' }],
      [{ 'x-payment': x402('fake_metric 9', 'p8') }, { method: 'x402', network: 'unknown' }],
      [{ 'x-payment': x402('constructor', 'p9') }, { method: 'x402', network: 'unknown' }],
    ];
    const { paywall } = setup();
    for (const [headers, paidWith] of cases) {
      assert.deepEqual((await paywall.collect(resource, headers, order('e'))).paidWith, paidWith, JSON.stringify(headers));
    }
  });
});
