import { CAIP2_NETWORKS } from '../chains/networks.js';
import type { ParsedPayment, PaymentMethod } from './payment-method.js';
import type {
  CollectedPayment,
  MppOffer,
  PaidRequest,
  PaidWith,
  PaymentChallenge,
  PaymentHeaders,
  PaymentRequirements,
  Paywall,
  PricedResource,
} from './paywall.js';
import type { SettlementAttempt, SettlementIntent } from './settlement.types.js';
import type { SettlementFlow } from './settlement-flow.js';
import { paymentRequiredHeader } from './x402/x402-v2.js';

/**
 * The paywall the HTTP layer calls: it picks the payment method a request pays with from its headers,
 * has the method bind it to the route, hands the attempt to the settlement service, and builds the one 402
 * from every method (x402 `accepts[]` in the v1 body and, the same options in v2 form, in PAYMENT-REQUIRED;
 * MPP's challenge in `WWW-Authenticate`). A request pays with x402 (PAYMENT-SIGNATURE or X-PAYMENT) or
 * `Authorization: Payment` (MPP), never both.
 */
export class PaymentDispatcher implements Paywall {
  private readonly mpp: boolean;

  constructor(
    private readonly methods: PaymentMethod[],
    private readonly flow: SettlementFlow,
  ) {
    this.mpp = methods.some((m) => m.header === 'authorization');
  }

  requirements(resource: PricedResource): PaymentRequirements[] {
    return this.methods.flatMap((m) => m.requirements(resource));
  }

  mppOffer(): MppOffer | null {
    return this.methods.map((m) => m.offer()).find((o) => o !== null) ?? null;
  }

  async challenge(resource: PricedResource, error: string): Promise<PaymentChallenge> {
    const headers = Object.assign({}, ...(await Promise.all(this.methods.map((m) => m.challengeHeaders(resource)))));
    const accepts = this.requirements(resource);
    if (accepts.length) headers['payment-required'] = paymentRequiredHeader(resource, error, accepts);
    return { status: 402, headers, body: { x402Version: 1, error, accepts } };
  }

  async collect(resource: PricedResource, headers: PaymentHeaders, request: PaidRequest): Promise<CollectedPayment> {
    const parsed = await Promise.all(this.methods.map((m) => m.parse(headers)));
    const index = parsed.findIndex((p) => p !== null && 'payment' in p);
    const paidWith = this.paidWith(parsed, index);
    const refuse = async (error: string): Promise<CollectedPayment> => ({
      kind: 'refused',
      challenge: await this.challenge(resource, error),
      paidWith,
    });
    const headersUsed = new Set(this.methods.filter((_, i) => parsed[i] !== null).map((m) => m.header));
    if (headersUsed.size > 1)
      return refuse(
        'send one payment: PAYMENT-SIGNATURE or X-PAYMENT (x402), or Authorization: Payment (MPP), not both. Nothing was charged.',
      );
    if (index < 0) return refuse(this.whyNoMethod(parsed));
    const method = this.methods[index];
    const attempt = await method.attempt(resource, (parsed[index] as { payment: unknown }).payment, request);
    if ('refused' in attempt) return refuse(attempt.refused);
    const outcome = await this.flow.collect(attempt);
    return outcome.kind === 'refused' ? refuse(outcome.error) : { ...outcome, paidWith };
  }

  /**
   * How a request paid, from what the methods made of its headers: the method that owns its payment, or
   * the first that read something (a malformed header, another network). Labels are bounded: an x402
   * network is named only when it is one x402 knows, never as the client wrote it.
   */
  private paidWith(parsed: ParsedPayment<unknown>[], owner: number): PaidWith | null {
    const index = owner >= 0 ? owner : parsed.findIndex((p) => p !== null);
    const found = parsed[index];
    if (!found) return null;
    const method = this.methods[index];
    if (method.header === 'authorization') return { method: 'mpp', network: method.network };
    if ('payment' in found) return { method: 'x402', network: method.network };
    return { method: 'x402', network: 'network' in found && Object.hasOwn(CAIP2_NETWORKS, found.network) ? found.network : 'unknown' };
  }

  /** Why no method takes a request's payment: none sent, a malformed one, or one for a network not offered. */
  private whyNoMethod(parsed: ParsedPayment<unknown>[]): string {
    const refusal = parsed.find((p) => p !== null && 'refused' in p) as { refused: string } | undefined;
    if (refusal) return refusal.refused;
    const elsewhere = parsed.find((p) => p !== null && 'network' in p) as { network: string } | undefined;
    if (elsewhere) {
      const accepted = this.methods.filter((m) => m.header === 'x-payment').map((m) => m.network);
      return `network '${elsewhere.network}' is not accepted (accepted: ${accepted.join(', ')}). Nothing was charged.`;
    }
    return this.mpp
      ? 'payment required: pay one of accepts[] with x402 (PAYMENT-SIGNATURE header for v2, X-PAYMENT for v1), ' +
          'or answer the WWW-Authenticate challenge with MPP (Authorization: Payment)'
      : 'payment required: send PAYMENT-SIGNATURE (x402 v2) or X-PAYMENT (v1) with a payment for one of the accepted options';
  }

  /** The attempt a recorded intent describes (for the reconciler), or null when it names no method of ours. */
  async resume(intent: SettlementIntent): Promise<SettlementAttempt | null> {
    const method = this.methods.find((m) => m.network === intent.network);
    return method ? method.resume(intent) : null;
  }
}
