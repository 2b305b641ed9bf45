import type { Receipt } from '../jobs/job.types.js';

/** x402 version 1 PaymentRequirements, plus `maxAmount` (the spec's sample name for the amount). */
export interface PaymentRequirements {
  scheme: 'exact';
  network: string;
  maxAmountRequired: string;
  maxAmount: string;
  resource: string;
  description: string;
  mimeType: string;
  payTo: string;
  maxTimeoutSeconds: number;
  asset: string;
  outputSchema?: Record<string, unknown>;
  extra: Record<string, unknown>;
}

/** What is being sold: one call of one route. */
export interface PricedResource {
  path: string;
  description: string;
  priceUsd: string;
  /** Absolute URL of the route, as the client called it. */
  resourceUrl: string;
}

export interface PaymentChallenge {
  status: 402;
  headers: Record<string, string>;
  body: { x402Version: 1; error: string; accepts: PaymentRequirements[] };
}

export type PaymentOutcome =
  | { kind: 'paid'; receipt: Receipt; headers: Record<string, string> }
  | { kind: 'refused'; challenge: PaymentChallenge };

/**
 * The one door to money. Given a paid route and the request's headers it either settles a payment
 * (and says what was charged) or answers with the challenge to send back. x402 on base and solana
 * and MPP on tempo implement it behind this interface.
 */
export interface Paywall {
  /** The payment options a route offers, as listed in 402 bodies and discovery documents. */
  requirements(resource: PricedResource): PaymentRequirements[];
  challenge(resource: PricedResource, error: string): PaymentChallenge;
  collect(resource: PricedResource, headers: Record<string, string | string[] | undefined>): Promise<PaymentOutcome>;
}
