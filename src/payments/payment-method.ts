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
 * it. The order is the contract: parse -> authenticate (signature and binding, no chain state) ->
 * the attempt the settlement service matches, verifies, claims and settles.
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
   * The payment's signature and its binding to this route (payer, amount, asset, pay-to, resource):
   * the attempt to settle, or why it is refused. Nothing is looked up before this passes.
   */
  authenticate(resource: PricedResource, payment: P, request: PaidRequest): Promise<SettlementAttempt | { refused: string }>;
  /** The attempt a recorded intent describes (for the reconciler), or null when it is not one of this method's. */
  resume(intent: SettlementIntent): Promise<SettlementAttempt | null>;
}
