import { randomUUID } from 'node:crypto';
import type { Receipt } from '../jobs/job.types.js';
import type { AffiliateLedger } from './affiliate-ledger.js';
import type { Claim, ClaimStore } from './claim-store.js';
import type { PaidRequest, PaymentOutcome } from './paywall.js';

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
    /** How long a settlement may stay unresolved before a resend reconciles it with the chain. */
    private readonly reconcileAfterMs: number,
  ) {}

  /** The answer for a payment seen before (same 202, conflict, wait), or null for a new payment. */
  async answerIfSeen(attempt: SettlementAttempt): Promise<PaymentOutcome | null> {
    const earlier = await this.claims.get(attempt.key);
    return earlier ? this.answerEarlier(attempt, earlier) : null;
  }

  /** Claims the payment, settles it and creates its one job. */
  async claimAndSettle(attempt: SettlementAttempt): Promise<PaymentOutcome> {
    const refusal = await attempt.request.precheck?.();
    if (refusal) {
      const error = /Nothing was charged\.$/.test(refusal.error) ? refusal.error : `${refusal.error.replace(/\.?\s*$/, '.')} Nothing was charged.`;
      return { kind: 'declined', status: refusal.status, error };
    }
    const existing = await this.claims.claim(attempt.key, attempt.request.fingerprint, attempt.proof);
    if (existing) return this.answerEarlier(attempt, existing);
    return this.settleClaimed(attempt);
  }

  private async settleClaimed(attempt: SettlementAttempt): Promise<PaymentOutcome> {
    let settled: SettlementResult | null = null;
    try {
      settled = await attempt.settle();
    } catch {
      settled = null; // outcome unknown: e.g. the RPC timed out after the broadcast
    }
    if (settled?.ok && settled.transaction) {
      const payer = settled.payer ?? attempt.payer ?? 'unknown';
      return this.accept(attempt, settled.transaction, payer, settled.headers ?? attempt.receiptHeaders(settled.transaction, payer));
    }
    const onChain = await attempt.reconcile().catch(() => null);
    if (onChain?.settled) {
      const transaction = onChain.transaction ?? 'unknown';
      const payer = attempt.payer ?? 'unknown';
      return this.accept(attempt, transaction, payer, attempt.receiptHeaders(transaction, payer));
    }
    if (onChain && (settled || onChain.final)) {
      await this.claims.release(attempt.key);
      const reason = settled?.reason?.split('\n')[0] ?? (onChain.final ? 'the chain will not accept it (e.g. its nonce was spent on another transfer)' : 'unknown reason');
      return attempt.refuse(`payment could not be settled: ${reason}. Nothing was charged.`);
    }
    return { kind: 'pending', message: UNKNOWN_OUTCOME, retryAfterSeconds: RETRY_SECONDS };
  }

  /** The payment is on chain: create its one job, remember it, credit the affiliate. */
  private async accept(attempt: SettlementAttempt, transaction: string, payer: string, headers: Record<string, string>): Promise<PaymentOutcome> {
    const { request } = attempt;
    const receipt: Receipt = {
      receipt_id: randomUUID(),
      payer,
      network: attempt.network,
      transaction,
      amount: attempt.amount,
      settled_at: Date.now(),
      ...(request.affiliateId ? { affiliate_id: request.affiliateId } : {}),
    };
    const jobId = await request.createJob(receipt);
    await this.claims.settled(attempt.key, { state: 'settled', fingerprint: request.fingerprint, proof: attempt.proof, jobId, headers });
    if (request.affiliateId) await this.ledger.record(request.affiliateId, BigInt(receipt.amount));
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
    const onChain = await attempt.reconcile().catch(() => null);
    if (!onChain) return { kind: 'pending', message: UNKNOWN_OUTCOME, retryAfterSeconds: RETRY_SECONDS };
    if (onChain.settled) {
      const transaction = onChain.transaction ?? 'unknown';
      const payer = attempt.payer ?? 'unknown';
      return this.accept(attempt, transaction, payer, attempt.receiptHeaders(transaction, payer));
    }
    // Nothing moved: settle the same payment again (the chain accepts it once, so never twice).
    return this.settleClaimed(attempt);
  }
}
