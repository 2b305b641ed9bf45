import type { PaymentChallenge } from './payment-challenge.js';

export type PaymentOutcome =
  /** Settled (now or by an earlier send of the same payment): answer 202 for `jobId`. */
  | { kind: 'accepted'; jobId: string; headers: Record<string, string>; replay: boolean }
  /** Nothing charged: answer the challenge (402). */
  | { kind: 'refused'; challenge: PaymentChallenge }
  /** The precheck refused the request before settlement: answer `status` with `error` (nothing charged). */
  | { kind: 'declined'; status: number; error: string }
  /** The payment was already used for a different request (409). */
  | { kind: 'conflict'; message: string }
  /** The same payment is still being settled by another request: retry it, do not pay again (503). */
  | { kind: 'pending'; message: string; retryAfterSeconds: number };

/** How a request paid, for metrics and logs: the protocol and the network only, never the credential itself. */
export interface PaidWith {
  method: string;
  /** The network; `unknown` when the payment cannot be read or names no network its protocol knows. */
  network: string;
}

/** The paywall's decision on a request, and how it paid (null: it carried no payment, and gets the challenge). */
export type CollectedPayment = PaymentOutcome & { paidWith: PaidWith | null };
