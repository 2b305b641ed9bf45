import { randomUUID } from 'node:crypto';
import type { Receipt } from '../chains/receipt.js';
import { isRedisOutage, onceRedisAnswers } from '../redis/redis-outage.js';
import type { AffiliateLedger } from './affiliate-ledger.js';
import type { Claim, ClaimStore, SettlingClaim } from './claim-store.js';
import type { Fulfilment } from './fulfilment.js';
import { PaymentIdentifiers } from './payment-identifiers.js';
import { PrecheckOnce } from './precheck-once.js';
import type { SettlementAttempt, SettlementIntent, SettlementOutcome, SettlementResult } from './settlement.types.js';

export interface SettlementFlowOptions {
  claims: ClaimStore;
  ledger: AffiliateLedger;
  /** How long a settlement may stay unresolved before a resend (or the reconciler) reconciles it with the chain. */
  reconcileAfterMs: number;
  /** What settled payments become: checked before settlement, fulfilled once settled (also from the reconciler). */
  fulfilment: Fulfilment;
  /** The job id a payment buys, from its claim key: the same payment always names the same job. */
  jobIdOf: (claimKey: string) => string;
}

const SETTLING_WAIT_MS = 30_000;
/** How long a settled payment's writes retry through a Redis outage (a failover takes seconds) before the 503. */
const SETTLED_WRITES_PATIENCE_MS = 15_000;
const RETRY_SECONDS = 5;
const UNKNOWN_OUTCOME = 'the settlement outcome is not known yet; resend the same payment in a moment, do not pay again';
const TAKEN_NOT_RECORDED =
  'the payment was taken but its job is not recorded yet (the job store is not answering); resend the same payment in a moment, do not pay again';

/**
 * The part of taking money both protocols share. A payment is claimed before it is settled, so
 * concurrent resends settle it once; a settled payment maps to its job, so resends get the same 202;
 * a failed settlement releases the claim and charges nothing; an unknown outcome is reconciled with
 * the chain before the claim is ever released.
 */
export class SettlementFlow {
  private readonly claims: ClaimStore;
  private readonly ledger: AffiliateLedger;
  private readonly reconcileAfterMs: number;
  private readonly fulfilment: Fulfilment;
  private readonly jobIdOf: (claimKey: string) => string;
  private readonly prechecks: PrecheckOnce;
  private readonly identifiers: PaymentIdentifiers;

  constructor(options: SettlementFlowOptions) {
    this.claims = options.claims;
    this.prechecks = new PrecheckOnce(options.claims, options.fulfilment);
    this.identifiers = new PaymentIdentifiers(options.claims, (attempt) => this.forgery(attempt));
    this.ledger = options.ledger;
    this.reconcileAfterMs = options.reconcileAfterMs;
    this.fulfilment = options.fulfilment;
    this.jobIdOf = options.jobIdOf;
  }

  /**
   * Takes a payment: the answer of an earlier send of it (same 202, conflict, wait), or it is verified
   * (signature and chain state), claimed, settled and made into its one job. A payment that fails the
   * check because it already landed is never answered "nothing was charged": its job is owed.
   *
   * The lookup comes first but answers nothing by itself: an earlier claim is revealed only to a
   * payment whose signature checks out. A new payment's signature is checked by its verify, so the
   * common case pays for one signature check, not two; nothing is claimed before verify passes.
   */
  async collect(attempt: SettlementAttempt): Promise<SettlementOutcome> {
    const named = await this.identifiers.answer(attempt);
    if (named) return named;
    const earlier = await this.answerIfSeen(attempt);
    if (earlier) return earlier;
    const problem = await attempt.verify();
    if (!problem) return this.claimAndSettle(attempt);
    // Refused, perhaps because it landed already (a crash before its claim): only its payer may learn that.
    const forged = await this.forgery(attempt);
    if (forged) return refused(forged);
    const onChain = await attempt.reconcile().catch(() => null);
    if (!onChain?.settled) return refused(`payment refused: ${problem}. Nothing was charged.`);
    return this.claimAndSettle(attempt, { landed: true });
  }

  /** The answer for a payment seen before (same 202, conflict, wait; 402 if not signed by its payer), or null for a new payment. */
  async answerIfSeen(attempt: SettlementAttempt): Promise<SettlementOutcome | null> {
    const earlier = await this.claims.get(attempt.key);
    if (!earlier) return null;
    const forged = await this.forgery(attempt);
    return forged ? refused(forged) : this.answerEarlier(attempt, earlier);
  }

  /** Why the payment is not signed by its payer (the refusal to answer), or null when it is (or its method checked that already). */
  private async forgery(attempt: SettlementAttempt): Promise<string | null> {
    // A verifier handed a payload of the wrong shape may throw: that is a refusal too.
    const problem = await attempt.authenticate().catch(() => 'it could not be verified');
    return problem ? `payment refused: ${problem}. Nothing was charged.` : null;
  }

  /** Claims the payment, settles it and creates its one job. */
  async claimAndSettle(attempt: SettlementAttempt, opts: { landed?: boolean } = {}): Promise<SettlementOutcome> {
    // Money that already moved is never refused by the precheck: its job is owed.
    const checked = opts.landed ? null : await this.prechecks.run(attempt);
    if (checked && 'refused' in checked) {
      const { status, error } = checked.refused;
      return {
        kind: 'declined',
        status,
        error: /Nothing was charged\.$/.test(error) ? error : `${error.replace(/\.?\s*$/, '.')} Nothing was charged.`,
      };
    }
    // The order as the check left it (with what it learnt) is recorded before the broadcast like the rest of the intent.
    const intent = checked ? { ...attempt.intent, job: checked.order } : attempt.intent;
    const claim: SettlingClaim = {
      state: 'settling',
      fingerprint: attempt.request.fingerprint,
      ...(attempt.proof !== null ? { proof: attempt.proof } : {}),
      since: Date.now(),
      jobId: this.jobIdOf(attempt.key),
      intent,
    };
    const existing = await this.claims.claim(attempt.key, claim);
    if (existing) return this.answerEarlier(attempt, existing);
    // Nothing is broadcast yet: a payment whose identifier another payment of its payer holds gives its claim back.
    const named = await this.identifiers.claim(attempt);
    if (named) {
      await this.claims.release(attempt.key);
      return named;
    }
    return this.settleClaimed(attempt, claim);
  }

  private async settleClaimed(attempt: SettlementAttempt, claim: SettlingClaim): Promise<SettlementOutcome> {
    let settled: SettlementResult | null = null;
    try {
      settled = await attempt.settle();
    } catch {
      settled = null; // outcome unknown: e.g. the RPC timed out after the broadcast
    }
    if (settled?.ok && settled.transaction) {
      const payer = settled.payer ?? attempt.payer ?? 'unknown';
      return this.accept(attempt, claim, settled.transaction, payer, settled.headers ?? attempt.receiptHeaders(settled.transaction, payer));
    }
    const onChain = await attempt.reconcile().catch(() => null);
    if (onChain?.settled) return this.acceptFound(attempt, claim, onChain.transaction);
    if (onChain && (settled || onChain.final)) {
      await this.claims.release(attempt.key);
      const reason =
        settled?.reason?.split('\n')[0] ??
        (onChain.final ? 'the chain will not accept it (e.g. its nonce was spent on another transfer)' : 'unknown reason');
      return refused(`payment could not be settled: ${reason}. Nothing was charged.`);
    }
    return { kind: 'pending', message: UNKNOWN_OUTCOME, retryAfterSeconds: RETRY_SECONDS };
  }

  /** A payment found settled on chain whose settle answer was lost. */
  private acceptFound(attempt: SettlementAttempt, claim: SettlingClaim, transaction = 'unknown'): Promise<SettlementOutcome> {
    const payer = attempt.payer ?? 'unknown';
    return this.accept(attempt, claim, transaction, payer, attempt.receiptHeaders(transaction, payer));
  }

  /**
   * The payment is on chain: fulfil its order as recorded in the claim (one job, its id derived from the payment),
   * credit the affiliate, remember it.
   */
  private async accept(
    attempt: SettlementAttempt,
    { jobId, intent }: SettlingClaim,
    transaction: string,
    payer: string,
    headers: Record<string, string>,
  ): Promise<SettlementOutcome> {
    const { job } = intent;
    const receipt: Receipt = {
      receipt_id: randomUUID(),
      payer,
      network: attempt.network,
      transaction,
      amount: attempt.amount,
      settled_at: Date.now(),
      ...(job.affiliateId ? { affiliate_id: job.affiliateId } : {}),
    };
    // The money moved: the client waits out a Redis failover rather than get a 503 for a payment that was taken.
    // Each write is idempotent, so one that landed before an error is not made twice. Past that patience the
    // claim stays `settling`: the reconciler (or a resend) finishes the same job; the job is never failed for it.
    const written = onceRedisAnswers(async () => {
      // Only once the job is recorded (durable: a recorded job its queue lost is enqueued again), at the same time as
      // its queue add. Credited once per payment however often its acceptance is finished (a resend, the reconciler,
      // after a crash), and before the claim is marked settled, so a crash between the two loses no credit.
      const markSettled = async () => {
        if (job.affiliateId) await this.ledger.record(job.affiliateId, BigInt(receipt.amount), attempt.key);
        await this.claims.settled(attempt.key, {
          state: 'settled',
          fingerprint: intent.fingerprint,
          ...(attempt.proof !== null ? { proof: attempt.proof } : {}),
          jobId,
          headers,
        });
      };
      await this.fulfilment.fulfil(job, jobId, receipt, markSettled);
    }, SETTLED_WRITES_PATIENCE_MS);
    try {
      await written;
    } catch (err) {
      if (!isRedisOutage(err)) throw err;
      return { kind: 'pending', message: TAKEN_NOT_RECORDED, retryAfterSeconds: RETRY_SECONDS };
    }
    return { kind: 'accepted', jobId, headers, replay: false };
  }

  /**
   * A resend of a payment seen before: the same 202, a conflict, a wait while another request settles
   * it, or, when that settlement's outcome stayed unknown too long, its reconciliation.
   */
  private async answerEarlier(attempt: SettlementAttempt, claim: Claim): Promise<SettlementOutcome> {
    const deadline = Date.now() + SETTLING_WAIT_MS;
    let current: Claim | null = claim;
    while (current?.state === 'settling' && Date.now() - current.since < this.reconcileAfterMs && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      current = await this.claims.get(attempt.key);
    }
    if (!current) return refused('payment refused: an earlier send of this payment could not be settled. Nothing was charged.');
    if ((current.proof ?? null) !== attempt.proof) {
      return refused('payment refused: this payment was made with another credential; sign a new payment. Nothing was charged.');
    }
    if (current.fingerprint !== attempt.request.fingerprint) {
      return { kind: 'conflict', message: 'this payment was already used for a different request; sign a new payment' };
    }
    if (current.state === 'settled') {
      const headers = attempt.restateReceipt(current.headers);
      return { kind: 'accepted', jobId: current.jobId, headers, replay: true };
    }
    if (Date.now() - current.since < this.reconcileAfterMs || !(await this.claims.lock(`${attempt.key}:reconcile`, SETTLING_WAIT_MS))) {
      return {
        kind: 'pending',
        message: 'this payment is still being settled; resend the same payment, do not pay again',
        retryAfterSeconds: RETRY_SECONDS,
      };
    }
    return this.finish(attempt, current);
  }

  /** Asks the chain about a claim left settling, and finishes it: its job if the money moved, else settle it again. */
  private async finish(attempt: SettlementAttempt, claim: SettlingClaim): Promise<SettlementOutcome> {
    const onChain = await attempt.reconcile().catch(() => null);
    if (!onChain) return { kind: 'pending', message: UNKNOWN_OUTCOME, retryAfterSeconds: RETRY_SECONDS };
    if (onChain.settled) return this.acceptFound(attempt, claim, onChain.transaction);
    if (onChain.final) {
      await this.claims.release(attempt.key);
      return refused('payment could not be settled: the chain will not accept it. Nothing was charged.');
    }
    // Nothing moved: settle the same payment again (the chain accepts it once, so never twice).
    return this.settleClaimed(attempt, claim);
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
  startReconciler(
    resume: (intent: SettlementIntent) => Promise<SettlementAttempt | null>,
    everyMs: number,
    onError: (err: Error) => void,
  ): () => void {
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

function refused(error: string): SettlementOutcome {
  return { kind: 'refused', error };
}
