import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ECHO_RESOURCE, ECHO_SOURCE } from '../../test/support/echo-source.js';
import { MemoryAffiliateLedger } from './affiliate-ledger.js';
import { MemoryClaimStore } from './claim-store.js';
import type { Fulfilment } from './fulfilment.js';
import { jobIdDeriver } from './job-id.js';
import type { Order, PrecheckResult } from './paid-request.js';
import type { Reconciliation, SettlementAttempt, SettlementIntent } from './settlement.types.js';
import { SettlementFlow } from './settlement-flow.js';

/** An order as the test records it, with the seller's check of it when a test gives one. */
type TestOrder = Order & { precheck?: () => Promise<PrecheckResult> };

/**
 * The settlement service on the memory stores, without HTTP or chains: the payment method is a small
 * ledger standing in for a chain (what the method port reports), so crash points can be placed exactly.
 */
class Chain {
  transfers = new Map<string, string>();
  settleCalls = 0;
  readable = true;
  /** How long a settle call takes. */
  delayMs = 5;
  /** What the next settle call does: transfer and answer, transfer and lose the answer, or refuse. */
  next: 'ok' | 'lost' | 'refuse' = 'ok';
  /** Signature checks made: by authenticate (before an earlier claim is revealed) and by verify (a new payment). */
  signatureChecks = 0;

  /** A send of payment `key`; `signed: false` is a header rebuilt from the payment's public fields. */
  attempt(key: string, intent: SettlementIntent, precheck?: TestOrder['precheck'], signed = true): SettlementAttempt {
    return {
      key,
      proof: null,
      network: 'base',
      amount: '10000',
      payer: '0xpayer',
      request: { fingerprint: intent.fingerprint, job: precheck ? ({ ...intent.job, precheck } as TestOrder) : intent.job },
      intent,
      authenticate: async () => {
        this.signatureChecks++;
        return signed ? null : 'not signed by its payer';
      },
      // Like the schemes' verify: the signature, then the chain state (a used authorization cannot settle again).
      verify: async () => {
        this.signatureChecks++;
        if (!signed) return 'invalid signature';
        return this.transfers.has(key) ? 'authorization already used' : null;
      },
      settle: async () => {
        this.settleCalls++;
        await new Promise((r) => setTimeout(r, this.delayMs));
        if (this.next === 'refuse') return { ok: false, reason: 'insufficient funds' };
        if (!this.transfers.has(key)) this.transfers.set(key, `0xtx${this.transfers.size}`);
        if (this.next === 'lost') throw new Error('socket hang up');
        return { ok: true, transaction: this.transfers.get(key) };
      },
      reconcile: async (): Promise<Reconciliation> => {
        if (!this.readable) throw new Error('rpc down');
        const tx = this.transfers.get(key);
        return tx ? { settled: true, transaction: tx } : { settled: false, final: this.next === 'refuse' };
      },
      receiptHeaders: (transaction) => ({ 'x-payment-response': transaction }),
      restateReceipt: (recorded) => recorded,
    };
  }
}

const intent = (text: string, affiliateId: string | null = null): SettlementIntent => ({
  network: 'base',
  credential: 'header',
  resource: ECHO_RESOURCE,
  fingerprint: `fp-${text}`,
  job: { path: '/echo', pipeline: ECHO_SOURCE, request: { text }, affiliateId } as Order,
});

function setup(fulfil?: Fulfilment['fulfil'], reconcileAfterMs = 20) {
  const jobs = new Map<string, number>();
  const chain = new Chain();
  const fulfilment: Fulfilment = {
    precheck: async (order) => (await (order as TestOrder).precheck?.()) ?? { order },
    fulfil:
      fulfil ??
      (async (_order, jobId, _receipt, alongside) => {
        jobs.set(jobId, (jobs.get(jobId) ?? 0) + 1);
        await alongside();
      }),
  };
  const ledger = new MemoryAffiliateLedger();
  const jobIdOf = jobIdDeriver('a test secret of at least 32 chars');
  const flow = new SettlementFlow({ claims: new MemoryClaimStore(), ledger, reconcileAfterMs, fulfilment, jobIdOf });
  return { flow, chain, jobs, ledger };
}

describe('the settlement service (memory stores)', () => {
  it('claims once and settles once however many sends arrive at once, for one job', async () => {
    const { flow, chain, jobs } = setup(undefined, 60_000);
    const sends = Array.from({ length: 20 }, () => chain.attempt('p1', intent('a')));
    const outcomes = await Promise.all(sends.map((a) => flow.collect(a)));
    assert.deepEqual([...new Set(outcomes.map((o) => o.kind))], ['accepted']);
    assert.equal(new Set(outcomes.map((o) => (o.kind === 'accepted' ? o.jobId : ''))).size, 1);
    assert.equal(chain.settleCalls, 1);
    assert.equal(jobs.size, 1);
    assert.equal([...jobs.values()][0], 1);
  });

  it('refuses and releases a payment the chain refused, creating no job', async () => {
    const { flow, chain, jobs } = setup();
    chain.next = 'refuse';
    const outcome = await flow.claimAndSettle(chain.attempt('p2', intent('b')));
    assert.equal(outcome.kind, 'refused');
    assert.equal(jobs.size, 0);
    chain.next = 'ok';
    assert.equal((await flow.claimAndSettle(chain.attempt('p2', intent('b')))).kind, 'accepted', 'the released payment can be used');
  });

  it('a precheck refusal charges nothing and leaves the payment unclaimed', async () => {
    const { flow, chain, jobs } = setup();
    const outcome = await flow.claimAndSettle(
      chain.attempt('p3', intent('c'), async () => ({ refused: { status: 422, error: 'unreachable source' } })),
    );
    assert.deepEqual(outcome, { kind: 'declined', status: 422, error: 'unreachable source. Nothing was charged.' });
    assert.equal(chain.settleCalls, 0);
    assert.equal(jobs.size, 0);
    assert.equal(await flow.answerIfSeen(chain.attempt('p3', intent('c'))), null);
  });

  it('crash point: the transfer landed but its answer was lost and the chain unreadable; the reconciler makes its one job', async () => {
    const { flow, chain, jobs } = setup();
    chain.next = 'lost';
    chain.readable = false;
    const first = await flow.claimAndSettle(chain.attempt('p4', intent('d')));
    assert.equal(first.kind, 'pending');
    assert.equal(jobs.size, 0);
    chain.readable = true;
    await new Promise((r) => setTimeout(r, 30)); // past reconcileAfterMs
    const resume = async () => chain.attempt('p4', intent('d'));
    assert.equal(await flow.reconcileStale(resume), 1);
    assert.equal(jobs.size, 1);
    assert.equal(await flow.reconcileStale(resume), 0, 'nothing left to finish');
    const resend = await flow.answerIfSeen(chain.attempt('p4', intent('d')));
    assert.equal(resend?.kind, 'accepted');
    assert.equal(resend?.kind === 'accepted' && jobs.has(resend.jobId), true);
    assert.equal(chain.settleCalls, 1, 'never settled twice');
  });

  it('crash point: the job was created but the claim never marked settled; finishing it again names the same job', async () => {
    const ids: string[] = [];
    let crash = true;
    const { flow, chain } = setup(async (_order, jobId, _receipt, alongside) => {
      ids.push(jobId);
      if (crash) throw new Error('process died after creating the job');
      await alongside();
    });
    await assert.rejects(flow.claimAndSettle(chain.attempt('p5', intent('e'))));
    crash = false;
    await new Promise((r) => setTimeout(r, 30));
    assert.equal(await flow.reconcileStale(async () => chain.attempt('p5', intent('e'))), 1);
    assert.equal(ids.length, 2);
    assert.equal(ids[0], ids[1], 'the job id is fixed in the intent: the job port creates it once');
    assert.equal(chain.settleCalls, 1);
  });

  it('crash point: claimed but never broadcast; the reconciler settles it once', async () => {
    const { flow, chain, jobs } = setup();
    chain.next = 'lost';
    chain.readable = false;
    // Settle "dies" before anything moves: remove the transfer it made to model a broadcast that never left.
    await flow.claimAndSettle(chain.attempt('p6', intent('f')));
    chain.transfers.delete('p6');
    chain.next = 'ok';
    chain.readable = true;
    await new Promise((r) => setTimeout(r, 30));
    assert.equal(await flow.reconcileStale(async () => chain.attempt('p6', intent('f'))), 1);
    assert.equal(jobs.size, 1);
    assert.equal(chain.transfers.size, 1);
  });

  it("checks a new payment's signature once (in verify), and a resend's before its earlier claim is answered", async () => {
    const { flow, chain } = setup(undefined, 60_000);
    assert.equal((await flow.collect(chain.attempt('p8', intent('i')))).kind, 'accepted');
    assert.equal(chain.signatureChecks, 1, 'verify alone: no second check before the lookup');
    const resend = await flow.collect(chain.attempt('p8', intent('i')));
    assert.equal(resend.kind === 'accepted' && resend.replay, true);
    assert.equal(chain.signatureChecks, 2, 'the resend was authenticated before meeting its claim');
  });

  it('a forged send learns nothing: the same refusal whether or not the payment was settled, no claim left behind', async () => {
    const { flow, chain, jobs } = setup(undefined, 60_000);
    const paid = await flow.collect(chain.attempt('p9', intent('j')));
    assert.equal(paid.kind, 'accepted');
    const jobId = paid.kind === 'accepted' ? paid.jobId : '';
    const againstSettled = await flow.collect(chain.attempt('p9', intent('j'), undefined, false));
    const againstNew = await flow.collect(chain.attempt('p10', intent('k'), undefined, false));
    assert.deepEqual(againstSettled, { kind: 'refused', error: 'payment refused: not signed by its payer. Nothing was charged.' });
    assert.deepEqual(againstNew, againstSettled, 'nothing tells a settled payment from an unknown one');
    assert.ok(!JSON.stringify(againstSettled).includes(jobId));
    assert.equal(await flow.answerIfSeen(chain.attempt('p10', intent('k'))), null, 'the forgery claimed nothing');
    const real = await flow.collect(chain.attempt('p10', intent('k')));
    assert.equal(real.kind === 'accepted' && real.replay, false, 'the real payer is not blocked');
    assert.equal(jobs.size, 2);
  });

  it('a payment that landed with no claim (a crash before it) is owed its job, but only its payer learns it', async () => {
    const { flow, chain, jobs } = setup(undefined, 60_000);
    chain.transfers.set('p11', '0xlanded'); // settled on chain directly: verify now refuses it (nonce used)
    const forged = await flow.collect(chain.attempt('p11', intent('l'), undefined, false));
    assert.equal(forged.kind, 'refused');
    assert.equal(jobs.size, 0);
    const real = await flow.collect(chain.attempt('p11', intent('l')));
    assert.equal(real.kind, 'accepted');
    assert.deepEqual(real.kind === 'accepted' && real.headers, { 'x-payment-response': '0xlanded' });
    assert.equal(jobs.size, 1);
  });

  it('names the job by the payment: the same payment, the same id; another payment or another secret, another id', async () => {
    const { flow, chain } = setup();
    const outcome = await flow.collect(chain.attempt('evm:base:0xpayer:0x01', intent('g')));
    assert.equal(outcome.kind, 'accepted');
    const id = outcome.kind === 'accepted' ? outcome.jobId : '';
    assert.match(id, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/, 'a UUIDv4');
    assert.equal(id, jobIdDeriver('a test secret of at least 32 chars')('evm:base:0xpayer:0x01'));
    assert.notEqual(id, jobIdDeriver('another secret of at least 32 chars')('evm:base:0xpayer:0x01'), 'not computable without the secret');
    assert.notEqual(id, jobIdDeriver('a test secret of at least 32 chars')('evm:base:0xpayer:0x02'));
  });

  it('credits the affiliate once when a slow settlement is finished both by its request and by the reconciler', async () => {
    const { flow, chain, jobs, ledger } = setup(undefined, 20);
    chain.delayMs = 150; // still settling when the reconciler finds the claim stale
    const sent = flow.collect(chain.attempt('p7', intent('h', 'agent-7')));
    await new Promise((r) => setTimeout(r, 40));
    await flow.reconcileStale(async () => chain.attempt('p7', intent('h', 'agent-7')));
    assert.equal((await sent).kind, 'accepted');
    assert.equal(jobs.size, 1);
    assert.deepEqual(await ledger.balances(), [{ affiliate_id: 'agent-7', payments: 1, paid: '10000', commission: '2000' }]);
  });
});
