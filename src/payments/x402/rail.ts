import type { Reconciliation } from '../settlement.types.js';

/**
 * A scheme's payload as decoded from the wire, unchecked until a rail reads it: EVM `exact` carries a
 * `signature` and an EIP-3009 `authorization`, SVM `exact` a base64 `transaction`.
 */
export interface X402WirePayload {
  signature?: unknown;
  authorization?: { [field: string]: unknown };
  transaction?: unknown;
  [field: string]: unknown;
}

/** x402 v1 PaymentPayload as sent base64-encoded in X-PAYMENT. */
export interface X402PaymentPayload {
  x402Version: number;
  scheme: string;
  network: string;
  payload: X402WirePayload;
}

/** The fields of a 402 option a payment is bound to. */
export interface X402Requirements {
  network: string;
  maxAmountRequired: string;
  payTo: string;
  asset: string;
  extra: Record<string, unknown>;
}

export interface RailVerdict {
  ok: boolean;
  reason?: string;
  payer?: string;
}

export interface RailSettlement {
  ok: boolean;
  reason?: string;
  transaction?: string;
  payer?: string;
}

/** One x402 network: what its 402 entry offers, and how its payments are identified, verified and settled. */
export interface X402Rail {
  network: string;
  asset: string;
  payTo: string;
  extra: Record<string, unknown>;
  /** A key naming this payment on its chain (replays share it), or null when the payload lacks one. */
  claimKey(payment: X402PaymentPayload): string | null;
  /**
   * Signature and binding (payer, amount, asset, pay-to) only, with no chain state: a payment must pass
   * this before it is matched to an earlier settlement, so a header copied in part (or with its
   * signatures zeroed) from a settled payment never obtains that payment's job.
   */
  authenticate(payment: X402PaymentPayload, requirements: X402Requirements): Promise<RailVerdict>;
  /**
   * The full check before settling: signature and binding (everything authenticate checks: a new payment
   * is not authenticated separately) plus chain state (balance, unused nonce, validity window).
   */
  verify(payment: X402PaymentPayload, requirements: object): Promise<RailVerdict>;
  settle(payment: X402PaymentPayload, requirements: object): Promise<RailSettlement>;
  /**
   * Asks the chain whether this payment was settled (by us, whatever our settle call reported), and by
   * which transaction. Used when a settlement's outcome is unknown, before any claim is released.
   */
  reconcile(payment: X402PaymentPayload): Promise<Reconciliation>;
}
