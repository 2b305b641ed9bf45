import type { Order, PaidRequest } from './paid-request.js';
import type { PaymentOutcome } from './payment-outcome.js';
import type { PricedResource } from './priced-resource.js';

/**
 * What any process needs to finish a settlement: the payment as sent, what it pays for and the order it
 * buys. Written before the broadcast, so a crash after it leaves enough for the reconciler.
 */
export interface SettlementIntent {
  /** The payment method's network: base, solana, tempo. */
  network: string;
  /** The payment as sent: the X-PAYMENT value or the `Authorization: Payment` credential. */
  credential: string;
  resource: PricedResource;
  fingerprint: string;
  /** The order, in the form the Fulfilment recorded (named `job` in every claim ever written). */
  job: Order;
}

/** What one settlement attempt reported. A thrown error means its outcome is unknown. */
export interface SettlementResult {
  ok: boolean;
  reason?: string;
  transaction?: string;
  payer?: string;
  /** Response headers proving the settlement (X-PAYMENT-RESPONSE, Payment-Receipt). */
  headers?: Record<string, string>;
}

/**
 * What the chain says about a payment: settled (by which transaction), or not, and then whether it
 * never can be (`final`: e.g. its nonce was spent on another transfer) or might still land.
 */
export interface Reconciliation {
  settled: boolean;
  transaction?: string;
  final?: boolean;
}

/**
 * One payment of any protocol, bound to its route, ready to be matched to an earlier send (once its signature is
 * checked), verified, claimed and settled. Every step is a method of its own: a protocol whose check happens
 * elsewhere says so in the method (MPP's `authenticate` answers null: the challenge it answers is ours, by HMAC).
 */
export interface SettlementAttempt {
  /** Names the payment on its chain: every resend of the same payment has the same key. */
  key: string;
  /**
   * What only the payer holds beside the public payment (e.g. the MPP challenge it answered): a resend must carry
   * the same to be matched to the settlement. Null when the payment itself is the proof.
   */
  proof: string | null;
  network: string;
  /** Atomic USDC units charged. */
  amount: string;
  /** Who pays, when known before settlement. */
  payer: string | null;
  /** When the payment can no longer settle (epoch ms; its authorization's or challenge's expiry), when its protocol says. */
  expiresAt?: number;
  /**
   * The client's own name for the purchase (x402's payment-identifier extension): a payment of the same payer with
   * the same identifier and request is the same purchase, however it was signed, and gets the first one's job.
   */
  paymentId?: string;
  request: PaidRequest;
  /** Written before the broadcast, so the reconciler can finish the settlement in any process. */
  intent: SettlementIntent;
  /**
   * The payer's signature over this payment, checked locally: why it is not the payer's, or null. Run before the
   * payment is matched to an earlier claim, and before a payment that `verify` refused is looked up on the chain,
   * so a header rebuilt from a settled payment's public fields learns nothing. A new payment does not need it:
   * `verify` checks the signature itself, once.
   */
  authenticate(): Promise<string | null>;
  /**
   * The full check of a new payment before it is claimed: its signature and chain state (balance, unused nonce,
   * validity window): why it cannot settle, or null (also when settling is the check, as with MPP).
   */
  verify(): Promise<string | null>;
  settle(): Promise<SettlementResult>;
  /** Asks the chain whether the payment landed (whatever settle reported); throws when it cannot tell. */
  reconcile(): Promise<Reconciliation>;
  /** The receipt headers of a payment found settled on chain (its settle call's answer was lost). */
  receiptHeaders(transaction: string, payer: string): Record<string, string>;
  /**
   * The receipt headers recorded when the payment was settled, restated in this send's form (an x402 payment
   * settled from PAYMENT-SIGNATURE and resent in X-PAYMENT), or as recorded.
   */
  restateReceipt(recorded: Record<string, string>): Record<string, string>;
}

/** The settlement service's answer: a PaymentOutcome whose refusal carries only its reason (the paywall builds the 402). */
export type SettlementOutcome = Exclude<PaymentOutcome, { kind: 'refused' }> | { kind: 'refused'; error: string };
