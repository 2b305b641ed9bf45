import type { MppOffer, PaidRequest, PaymentHeaders, PaymentRequirements, PricedResource } from './paywall.js';
import type { SettlementAttempt, SettlementIntent } from './settlement.types.js';

/** What a method made of a request's headers. */
export type ParsedPayment<P> =
  /** A payment of this method, decoded (not yet authenticated). */
  | { payment: P }
  /** A payment in this method's header that no method can take: why (answered with the 402). */
  | { refused: string }
  /** This method's header names another network (x402): another method may own it. */
  | { network: string }
  /** The request carries nothing for this method. */
  | null;

/**
 * One way of paying (x402 `exact` on one network, MPP on Tempo): everything the paywall needs from
 * it. The order is the contract: parse -> attempt (bound to the route) -> the settlement service
 * matches it to an earlier send only after the attempt's signature check, or verifies (signature and
 * chain state), claims and settles a new one.
 */
export interface PaymentMethod<P = unknown> {
  /** The network settlement intents of this method name: base, solana, tempo. */
  readonly network: string;
  /** Which payments it reads: x402's (X-PAYMENT or PAYMENT-SIGNATURE) or MPP's (`Authorization: Payment`). */
  readonly header: 'x-payment' | 'authorization';
  /** Its entries of a 402's x402 `accepts[]` (none for MPP). */
  requirements(resource: PricedResource): PaymentRequirements[];
  /** Its part of a 402's headers (MPP: `WWW-Authenticate`). */
  challengeHeaders(resource: PricedResource): Promise<Record<string, string>>;
  /** What it offers besides `accepts[]`, for discovery (MPP), or null. */
  offer(): MppOffer | null;
  parse(headers: PaymentHeaders): Promise<ParsedPayment<P>>;
  /**
   * The attempt to settle the payment for this route, or why it is refused. What is cheap to check is
   * checked here (MPP: the challenge is ours and for this route); a signature that costs a recovery is
   * left to the attempt's `authenticate` and `verify`, which the settlement service runs before any
   * earlier claim is revealed and before anything is claimed.
   */
  attempt(resource: PricedResource, payment: P, request: PaidRequest): Promise<SettlementAttempt | { refused: string }>;
  /** The attempt a recorded intent describes (for the reconciler), or null when it is not one of this method's. */
  resume(intent: SettlementIntent): Promise<SettlementAttempt | null>;
}
