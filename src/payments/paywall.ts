import type { PaidRequest, PaymentHeaders } from './paid-request.js';
import type { PaymentChallenge } from './payment-challenge.js';
import type { ProtocolDescription, RouteOffer } from './payment-offer.js';
import type { CollectedPayment } from './payment-outcome.js';
import type { PricedResource } from './priced-resource.js';

/**
 * The one door to money. Given a priced route, the request's payment headers and the order it pays for, it
 * either settles a payment and has its order fulfilled once (the Fulfilment), or answers with the 402 to send
 * back (every protocol's part in one challenge). It also says how each protocol is offered, for the discovery documents.
 */
export interface Paywall {
  challenge(resource: PricedResource, error: string): Promise<PaymentChallenge>;
  collect(resource: PricedResource, headers: PaymentHeaders, request: PaidRequest): Promise<CollectedPayment>;
  /** The protocols on offer, described once. */
  protocols(): ProtocolDescription[];
  /** How each protocol is offered on a route. */
  offers(resource: PricedResource): RouteOffer[];
}
