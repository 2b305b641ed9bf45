import type { PaidRequest, PaymentHeaders } from './paid-request.js';
import type { PaymentChallenge } from './payment-challenge.js';
import type { ProtocolDescription, RouteOffer } from './payment-offer.js';
import type { CollectedPayment, PaidWith } from './payment-outcome.js';
import type { PaymentProtocol, ReadPayment } from './payment-protocol.js';
import type { Paywall } from './paywall.js';
import type { PricedResource } from './priced-resource.js';
import type { SettlementAttempt, SettlementIntent } from './settlement.types.js';
import type { SettlementFlow } from './settlement-flow.js';

/**
 * The paywall over every payment protocol on offer: a request pays with one protocol, which reads its payment from
 * the headers and binds it to the route as a settlement attempt; the settlement service takes it from there. Every
 * 402 carries every protocol's part. Nothing here knows one protocol from another.
 */
export class ProtocolsPaywall implements Paywall {
  constructor(
    private readonly all: PaymentProtocol[],
    private readonly flow: SettlementFlow,
  ) {}

  protocols(): ProtocolDescription[] {
    return this.all.map((p) => p.description);
  }

  offers(resource: PricedResource): RouteOffer[] {
    return this.all.map((p) => p.offer(resource));
  }

  async challenge(resource: PricedResource, error: string): Promise<PaymentChallenge> {
    const parts = await Promise.all(this.all.map((p) => p.challenge(resource, error)));
    return {
      status: 402,
      headers: Object.assign({}, ...parts.map((p) => p.headers)),
      body: Object.assign({}, ...parts.map((p) => p.body), { error }),
    };
  }

  async collect(resource: PricedResource, headers: PaymentHeaders, request: PaidRequest): Promise<CollectedPayment> {
    const read = await Promise.all(this.all.map((p) => p.read(headers)));
    const used = read.flatMap((r, i) => (r === null ? [] : [{ protocol: this.all[i], read: r }]));
    const paidWith: PaidWith | null = used.length ? { method: used[0].protocol.description.name, network: used[0].read.network } : null;
    const refuse = async (error: string): Promise<CollectedPayment> => ({
      kind: 'refused',
      challenge: await this.challenge(resource, error),
      paidWith,
    });
    if (used.length > 1) {
      const ways = used.map(({ protocol: { description: d } }) => `${d.headers.request.map((h) => h.name).join(' or ')} (${d.name})`);
      return refuse(`send one payment: ${ways.join(', or ')}, not both. Nothing was charged.`);
    }
    if (!used.length) return refuse(`payment required: ${this.all.map((p) => p.description.howToPay).join(', or ')}`);
    const [{ protocol, read: payment }] = used;
    if ('refused' in payment) return refuse(payment.refused);
    const attempt = await protocol.attempt(resource, (payment as Exclude<ReadPayment, null | { refused: string }>).payment, request);
    if ('refused' in attempt) return refuse(attempt.refused);
    const outcome = await this.flow.collect(attempt);
    return outcome.kind === 'refused' ? refuse(outcome.error) : { ...outcome, paidWith };
  }

  /** The attempt a recorded intent describes (for the reconciler), or null when it names no protocol of ours. */
  async resume(intent: SettlementIntent): Promise<SettlementAttempt | null> {
    for (const protocol of this.all) {
      const attempt = await protocol.resume(intent);
      if (attempt) return attempt;
    }
    return null;
  }
}
