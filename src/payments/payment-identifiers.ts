import { createHash } from 'node:crypto';
import type { ClaimStore, IdentifiedPayment } from './claim-store.js';
import type { SettlementAttempt, SettlementOutcome } from './settlement.types.js';

const RETRY_SECONDS = 5;

/**
 * x402's payment-identifier extension: a client names its purchase, and a payment of the same payer with the same
 * identifier is that purchase again however it was signed (a retry after a timeout, re-signed). It gets the job of
 * the first payment claimed with the identifier, never a second charge; with another request it is a conflict. An
 * identifier belongs to its payer: another payer's use of the same string is another purchase.
 */
export class PaymentIdentifiers {
  constructor(
    private readonly claims: ClaimStore,
    /** Why the payment is not signed by its payer, or null (it learns the payer: no identifier is looked up before). */
    private readonly forgery: (attempt: SettlementAttempt) => Promise<string | null>,
  ) {}

  /** The answer for a payment whose identifier names another payment of its payer (its job, a conflict, a wait), or null. */
  async answer(attempt: SettlementAttempt): Promise<SettlementOutcome | null> {
    if (!attempt.paymentId) return null;
    const forged = await this.forgery(attempt);
    if (forged) return { kind: 'refused', error: forged };
    const id = identifierKey(attempt);
    const recorded = id ? await this.claims.identified(id) : null;
    return recorded && recorded.key !== attempt.key ? this.answerFor(attempt, recorded) : null;
  }

  /**
   * Records the identifier for the payment just claimed. When another payment of the payer holds it (sent at the same
   * time), that one's answer, and the caller gives this claim back; a record whose payment was never taken is replaced.
   */
  async claim(attempt: SettlementAttempt): Promise<SettlementOutcome | null> {
    const id = attempt.paymentId ? identifierKey(attempt) : null;
    if (!id) return null;
    const mine = { key: attempt.key, fingerprint: attempt.request.fingerprint };
    const other = await this.claims.identify(id, mine);
    if (!other || other.key === attempt.key) return null;
    const answer = await this.answerFor(attempt, other);
    if (!answer) await this.claims.identify(id, mine, true);
    return answer;
  }

  /** What the payment the identifier first named says to this one; null when that payment was never taken. */
  private async answerFor(attempt: SettlementAttempt, recorded: IdentifiedPayment): Promise<SettlementOutcome | null> {
    if (recorded.fingerprint !== attempt.request.fingerprint) {
      return {
        kind: 'conflict',
        message: 'this payment identifier was already used for a different request; send that request, or choose a new identifier',
      };
    }
    const claim = await this.claims.get(recorded.key);
    if (!claim) return null;
    if (claim.state === 'settled')
      return { kind: 'accepted', jobId: claim.jobId, headers: attempt.restateReceipt(claim.headers), replay: true };
    return {
      kind: 'pending',
      message: 'the payment first sent with this identifier is still being settled; resend in a moment, do not pay again',
      retryAfterSeconds: RETRY_SECONDS,
    };
  }
}

/** The identifier as its payer's: null while the payer is not known. */
function identifierKey(attempt: SettlementAttempt): string | null {
  if (!attempt.payer || !attempt.paymentId) return null;
  return createHash('sha256').update(`${attempt.payer.toLowerCase()}\n${attempt.paymentId}`).digest('hex');
}
