import { createHash } from 'node:crypto';
import pMemoize from 'p-memoize';
import type { ClaimStore } from './claim-store.js';
import type { Fulfilment } from './fulfilment.js';
import type { PrecheckResult } from './paid-request.js';
import type { SettlementAttempt } from './settlement.types.js';

/** The longest a refusal is kept, whatever the payment's own expiry: a later resend is checked again. */
export const REFUSAL_KEPT_MS = 10 * 60_000;

/**
 * The check before settlement, once per payment and request: a refused payment can be sent
 * again for free, and each send would cost the service the check. Sends of the same payment for the same request
 * that arrive while it is checked wait for that check; a refusal is recorded beside the claims (Redis: seen by every
 * API process) until the payment expires, and resends are answered with it. Only a verified payment reaches here, and
 * a record answers only the same payment (with the same proof) for the same request: another request is another order.
 */
export class PrecheckOnce {
  private readonly checkOnce = pMemoize((id: string, attempt: SettlementAttempt) => this.checkAndRecord(id, attempt), {
    cache: false,
  });

  constructor(
    private readonly claims: ClaimStore,
    private readonly fulfilment: Pick<Fulfilment, 'precheck' | 'checks'>,
  ) {}

  /** What the precheck of the attempt's order answers (or answered before, if it refused). */
  async run(attempt: SettlementAttempt): Promise<PrecheckResult> {
    // An order with nothing to check is never refused: no record to read, no check to share.
    if (this.fulfilment.checks?.(attempt.request.job) === false) return this.fulfilment.precheck(attempt.request.job);
    return this.checkOnce(refusalId(attempt), attempt);
  }

  private async checkAndRecord(id: string, attempt: SettlementAttempt): Promise<PrecheckResult> {
    // The record saves work; when the store cannot be read, the check runs (nothing is settled on its account).
    const recorded = await this.claims.refusal(id).catch(() => null);
    if (recorded) return { refused: recorded };
    const result = await this.fulfilment.precheck(attempt.request.job);
    const keepMs = Math.min(attempt.expiresAt ?? Number.POSITIVE_INFINITY, Date.now() + REFUSAL_KEPT_MS) - Date.now();
    if ('refused' in result && keepMs > 0) await this.claims.refuse(id, result.refused, keepMs).catch(() => undefined);
    return result;
  }
}

/** Names a payment (its claim key and the proof a resend must carry) with the request it was sent for. */
function refusalId(attempt: SettlementAttempt): string {
  return createHash('sha256')
    .update(`${attempt.key}\n${attempt.proof ?? ''}\n${attempt.request.fingerprint}`)
    .digest('hex');
}
