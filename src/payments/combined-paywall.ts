import type { MppPaywall } from './mpp/mpp-paywall.js';
import type { PaidRequest, PaymentChallenge, PaymentOutcome, PaymentRequirements, Paywall, PricedResource } from './paywall.js';
import type { X402Paywall } from './x402-paywall.js';
import type { SettlementIntent } from './claim-store.js';
import type { SettlementAttempt } from './settlement-flow.js';

/**
 * Both protocols behind the one Paywall: every 402 carries the x402 body (`accepts[]`) and, when MPP
 * is on, its challenge in `WWW-Authenticate`. A request pays with X-PAYMENT (x402) or with
 * `Authorization: Payment` (MPP), never both.
 */
export class CombinedPaywall implements Paywall {
  constructor(
    private readonly x402: X402Paywall,
    private readonly mpp: MppPaywall | null,
  ) {}

  requirements(resource: PricedResource): PaymentRequirements[] {
    return this.x402.requirements(resource);
  }

  mppOffer() {
    return this.mpp?.offer() ?? null;
  }

  async challenge(resource: PricedResource, error: string): Promise<PaymentChallenge> {
    const challenge = this.x402.challenge(resource, error);
    if (this.mpp) challenge.headers['www-authenticate'] = await this.mpp.challengeHeader(resource);
    return challenge;
  }

  resume(intent: SettlementIntent): Promise<SettlementAttempt | null> {
    if (intent.network === 'tempo') return this.mpp?.resume(intent) ?? Promise.resolve(null);
    return this.x402.resume(intent);
  }

  async collect(resource: PricedResource, headers: Record<string, string | string[] | undefined>, request: PaidRequest): Promise<PaymentOutcome> {
    const authorization = headers.authorization;
    const mppCredential = this.mpp && typeof authorization === 'string' && /^Payment\s/i.test(authorization) ? authorization : null;
    const refuse = async (error: string): Promise<PaymentOutcome> => ({ kind: 'refused', challenge: await this.challenge(resource, error) });
    if (mppCredential && headers['x-payment'] !== undefined) {
      return refuse('send one payment: X-PAYMENT (x402) or Authorization: Payment (MPP), not both. Nothing was charged.');
    }
    if (!mppCredential && headers['x-payment'] === undefined && this.mpp) {
      return refuse('payment required: pay one of accepts[] with x402 (X-PAYMENT header), or answer the WWW-Authenticate challenge with MPP (Authorization: Payment)');
    }
    const outcome = mppCredential
      ? await this.mpp!.collect(resource, mppCredential, request, (error) => ({ kind: 'refused', challenge: this.x402.challenge(resource, error) }))
      : await this.x402.collect(resource, headers, request);
    if (outcome.kind === 'refused' && this.mpp) outcome.challenge.headers['www-authenticate'] = await this.mpp.challengeHeader(resource);
    return outcome;
  }
}
