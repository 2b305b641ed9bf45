import { randomUUID } from 'node:crypto';
import type { Receipt } from '../jobs/job.types.js';
import type { AffiliateLedger } from './affiliate-ledger.js';
import type { Claim, ClaimStore, SettlementIntent, SettlingClaim } from './claim-store.js';
import type { JobOrder, PaidRequest, PaymentOutcome } from './paywall.js';

/** The port through which settled payments become jobs: creates and enqueues job `jobId` once, however often called. */
export type CreateJob = (order: JobOrder & { jobId: string; receipt: Receipt }) => Promise<void>;

/** What one settlement attempt reported. A thrown error means its outcome is unknown. */
export interface SettlementResult {
  ok: boolean;
  reason?: string;
  transaction?: string;
  payer?: string;
  /** Response headers proving the settlement (X-PAYMENT-RESPONSE, Payment-Receipt). */
  headers?: Record<string, string>;
}

/** One verified payment of either protocol, ready to be claimed and settled. */
export interface SettlementAttempt {
  /** Names the payment on its chain: every resend of the same payment has the same key. */
  key: string;
  /**
   * What only the payer holds beside the public payment (e.g. the MPP challenge it answered): a resend
   * must carry the same to be matched to the settlement. Absent when the payment itself is the proof.
   */
  proof?: string;
  network: string;
  /** Atomic USDC units charged. */
  amount: string;
  /** Who pays, when known before settlement. */
  payer?: string;
  request: PaidRequest;
  /** Written before the broadcast, so the reconciler can finish the settlement in any process. */
  intent: SettlementIntent;
  settle(): Promise<SettlementResult>;
  /** Asks the chain whether the payment landed (whatever settle reported); throws when it cannot tell. */
  reconcile(): Promise<Reconciliation>;
  /** The receipt headers of a payment found settled on chain (its settle call's answer was lost). */
  receiptHeaders(transaction: string, payer: string): Record<string, string>;
  /** The 402 to answer with `error`. */
  refuse(error: string): PaymentOutcome;
}

/**
 * What the chain says about a payment: settled (by which transaction), or not, and then whether it
 * never can be (`final`: e.g. its nonce was spent on another transfer) or might still land.
 */
export interface Reconciliation {
  settled: boolean;
  transaction?: string;
  final?: boolean;
}

const SETTLING_WAIT_MS = 30_000;
const RETRY_SECONDS = 5;
const UNKNOWN_OUTCOME = 'the settlement outcome is not known yet; resend the same payment in a moment, do not pay again';

/**
 * The part of taking money both protocols share. A payment is claimed before it is settled, so
 * concurrent resends settle it once; a settled payment maps to its job, so resends get the same 202;
 * a failed settlement releases the claim and charges nothing; an unknown outcome is reconciled with
 * the chain before the claim is ever released.
 */
export class SettlementFlow {
  constructor(
    private readonly claims: ClaimStore,
    private readonly ledger: AffiliateLedger,
    /** How long a settlement may stay unresolved before a resend (or the reconciler) reconciles it with the chain. */
    private readonly reconcileAfterMs: number,
    private readonly createJob: CreateJob,
  ) {}

  /** The answer for a payment seen before (same 202, conflict, wait), or null for a new payment. */
  async answerIfSeen(attempt: SettlementAttempt): Promise<PaymentOutcome | null> {
    const earlier = await this.claims.get(attempt.key);
    return earlier ? this.answerEarlier(attempt, earlier) : null;
  }

  /** Claims the payment, settles it and creates its one job. */
  async claimAndSettle(attempt: SettlementAttempt, opts: { landed?: boolean } = {}): Promise<PaymentOutcome> {
    // Money that already moved is never refused by the precheck: its job is owed.
    const refusal = opts.landed ? null : await attempt.request.precheck?.();
    if (refusal) {
      const error = /Nothing was charged\.$/.test(refusal.error) ? refusal.error : `${refusal.error.replace(/\.?\s*$/, '.')} Nothing was charged.`;
      return { kind: 'declined', status: refusal.status, error };
    }
    const intent: SettlingClaim = { state: 'settling', fingerprint: attempt.request.fingerprint, proof: attempt.proof, since: Date.now(), jobId: randomUUID(), intent: attempt.intent };
    const existing = await this.claims.claim(attempt.key, intent);
    if (existing) return this.answerEarlier(attempt, existing);
    return this.settleClaimed(attempt, intent.jobId);
  }

  private async settleClaimed(attempt: SettlementAttempt, jobId: string): Promise<PaymentOutcome> {
    let settled: SettlementResult | null = null;
    try {
      settled = await attempt.settle();
    } catch {
      settled = null; // outcome unknown: e.g. the RPC timed out after the broadcast
    }
    if (settled?.ok && settled.transaction) {
      const payer = settled.payer ?? attempt.payer ?? 'unknown';
      return this.accept(attempt, jobId, settled.transaction, payer, settled.headers ?? attempt.receiptHeaders(settled.transaction, payer));
    }
    const onChain = await attempt.reconcile().catch(() => null);
    if (onChain?.settled) return this.acceptFound(attempt, jobId, onChain.transaction);
    if (onChain && (settled || onChain.final)) {
      await this.claims.release(attempt.key);
      const reason = settled?.reason?.split('\n')[0] ?? (onChain.final ? 'the chain will not accept it (e.g. its nonce was spent on another transfer)' : 'unknown reason');
      return attempt.refuse(`payment could not be settled: ${reason}. Nothing was charged.`);
    }
    return { kind: 'pending', message: UNKNOWN_OUTCOME, retryAfterSeconds: RETRY_SECONDS };
  }

  /** A payment found settled on chain whose settle answer was lost. */
  private acceptFound(attempt: SettlementAttempt, jobId: string, transaction = 'unknown'): Promise<PaymentOutcome> {
    const payer = attempt.payer ?? 'unknown';
    return this.accept(attempt, jobId, transaction, payer, attempt.receiptHeaders(transaction, payer));
  }

  /** The payment is on chain: create its one job (its id fixed in the intent), remember it, credit the affiliate. */
  private async accept(attempt: SettlementAttempt, jobId: string, transaction: string, payer: string, headers: Record<string, string>): Promise<PaymentOutcome> {
    const { job } = attempt.intent;
    const receipt: Receipt = {
      receipt_id: randomUUID(),
      payer,
      network: attempt.network,
      transaction,
      amount: attempt.amount,
      settled_at: Date.now(),
      ...(job.affiliateId ? { affiliate_id: job.affiliateId } : {}),
    };
    await this.createJob({ ...job, jobId, receipt });
    await this.claims.settled(attempt.key, { state: 'settled', fingerprint: attempt.intent.fingerprint, proof: attempt.proof, jobId, headers });
    if (job.affiliateId) await this.ledger.record(job.affiliateId, BigInt(receipt.amount));
    return { kind: 'accepted', jobId, headers, replay: false };
  }

  /**
   * A resend of a payment seen before: the same 202, a conflict, a wait while another request settles
   * it, or, when that settlement's outcome stayed unknown too long, its reconciliation.
   */
  private async answerEarlier(attempt: SettlementAttempt, claim: Claim): Promise<PaymentOutcome> {
    const deadline = Date.now() + SETTLING_WAIT_MS;
    let current: Claim | null = claim;
    while (current?.state === 'settling' && Date.now() - current.since < this.reconcileAfterMs && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      current = await this.claims.get(attempt.key);
    }
    if (!current) return attempt.refuse('payment refused: an earlier send of this payment could not be settled. Nothing was charged.');
    if (current.proof !== attempt.proof) {
      return attempt.refuse('payment refused: this payment was made with another credential; sign a new payment. Nothing was charged.');
    }
    if (current.fingerprint !== attempt.request.fingerprint) {
      return { kind: 'conflict', message: 'this payment was already used for a different request; sign a new payment' };
    }
    if (current.state === 'settled') return { kind: 'accepted', jobId: current.jobId, headers: current.headers, replay: true };
    if (Date.now() - current.since < this.reconcileAfterMs || !(await this.claims.lock(`${attempt.key}:reconcile`, SETTLING_WAIT_MS))) {
      return { kind: 'pending', message: 'this payment is still being settled; resend the same payment, do not pay again', retryAfterSeconds: RETRY_SECONDS };
    }
    return this.finish(attempt, current);
  }

  /** Asks the chain about a claim left settling, and finishes it: its job if the money moved, else settle it again. */
  private async finish(attempt: SettlementAttempt, claim: SettlingClaim): Promise<PaymentOutcome> {
    const onChain = await attempt.reconcile().catch(() => null);
    if (!onChain) return { kind: 'pending', message: UNKNOWN_OUTCOME, retryAfterSeconds: RETRY_SECONDS };
    if (onChain.settled) return this.acceptFound(attempt, claim.jobId, onChain.transaction);
    if (onChain.final) {
      await this.claims.release(attempt.key);
      return attempt.refuse('payment could not be settled: the chain will not accept it. Nothing was charged.');
    }
    // Nothing moved: settle the same payment again (the chain accepts it once, so never twice).
    return this.settleClaimed(attempt, claim.jobId);
  }

  /**
   * The reconciler's pass: every payment still settling after `reconcileAfterMs` (its process died, or
   * its client went away) is finished with the chain's answer, whether or not its client ever resends.
   */
  async reconcileStale(resume: (intent: SettlementIntent) => Promise<SettlementAttempt | null>): Promise<number> {
    let finished = 0;
    for (const { key, claim } of await this.claims.settling(Date.now() - this.reconcileAfterMs, 100)) {
      if (!(await this.claims.lock(`${key}:reconcile`, SETTLING_WAIT_MS))) continue;
      const attempt = await resume(claim.intent).catch(() => null);
      if (!attempt || attempt.key !== key) continue;
      const outcome = await this.finish(attempt, claim).catch(() => null);
      if (outcome && outcome.kind !== 'pending') finished++;
    }
    return finished;
  }

  /** Runs reconcileStale every `everyMs` until the returned stop is called. */
  startReconciler(resume: (intent: SettlementIntent) => Promise<SettlementAttempt | null>, everyMs: number, onError: (err: Error) => void): () => void {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      this.reconcileStale(resume)
        .catch(onError)
        .finally(() => (running = false));
    }, everyMs);
    timer.unref();
    return () => clearInterval(timer);
  }
}
