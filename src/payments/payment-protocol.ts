import type { PaidRequest, PaymentHeaders } from './paid-request.js';
import type { ChallengePart } from './payment-challenge.js';
import type { ProtocolDescription, RouteOffer } from './payment-offer.js';
import type { PricedResource } from './priced-resource.js';
import type { SettlementAttempt, SettlementIntent } from './settlement.types.js';

/** What a protocol made of a request's headers. */
export type ReadPayment =
  /** The request carries nothing of this protocol. */
  | null
  /** A payment it takes, decoded (not yet authenticated), on `network`. */
  | { payment: unknown; network: string }
  /** Its headers hold a payment it cannot take: why (answered with the 402), and the network to count it under. */
  | { refused: string; network: string };

/**
 * One way of paying (x402, MPP): everything the paywall and the discovery documents need from it, so that
 * neither names a protocol. The order is the contract: read -> attempt (bound to the route) -> the settlement
 * service matches it to an earlier send only after the attempt's signature check, or verifies (signature and
 * chain state), claims and settles a new one.
 */
export interface PaymentProtocol {
  readonly description: ProtocolDescription;
  /** Its part of a route's 402. */
  challenge(resource: PricedResource, error: string): Promise<ChallengePart>;
  /** How it is offered on a route, for discovery. */
  offer(resource: PricedResource): RouteOffer;
  read(headers: PaymentHeaders): Promise<ReadPayment>;
  /**
   * The attempt to settle a payment it read, for this route, or why it is refused. What is cheap to check is
   * checked here (a binding that costs no signature recovery); the rest is the attempt's `authenticate` and
   * `verify`, which the settlement service runs before any earlier claim is revealed and before anything is claimed.
   */
  attempt(resource: PricedResource, payment: unknown, request: PaidRequest): Promise<SettlementAttempt | { refused: string }>;
  /** The attempt a recorded intent describes (for the reconciler), or null when it is not this protocol's. */
  resume(intent: SettlementIntent): Promise<SettlementAttempt | null>;
}
