import type { PipelineSource } from '../pipelines/pipeline.types.js';
import type { SourceHints } from '../sources/source-hints.js';

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
  /** The request body's JSON Schema and the job result's (null: none declared), told to x402 clients and directories. */
  inputSchema?: Record<string, unknown>;
  outputSchema?: Record<string, unknown> | null;
}

/** What a route offers through MPP, for the discovery documents. */
export interface MppOffer {
  protocol: 'mpp';
  network: 'tempo';
  chainId: number;
  currency: string;
  recipient: string;
}

export interface PaymentChallenge {
  status: 402;
  headers: Record<string, string>;
  body: { x402Version: 1; error: string; accepts: PaymentRequirements[] };
}

/** What the HTTP layer hands the paywall besides the headers. */
export interface PaidRequest {
  /** Identifies the request body: a payment already used for another request is refused. */
  fingerprint: string;
  /** The job the payment buys, created (once) by the settlement service when the payment is settled. */
  job: JobOrder;
  /**
   * A last check of the request before any money moves (its sources yield what the job needs), run after the
   * payment is verified and found new: a refusal is answered with its status, and nothing is charged.
   */
  precheck?: Precheck;
}

/**
 * What a paid request orders: a run of the pipeline at `path`, in the version that priced it (`pipeline`),
 * on `request`. Recorded with the settlement intent, so whatever is edited afterwards, the job runs what was paid for.
 */
export interface JobOrder {
  path: string;
  pipeline: PipelineSource;
  request: Record<string, unknown>;
  affiliateId: string | null;
  /** What the check before settlement learnt of the request's sources, for the job (see SourceHints). */
  sources?: SourceHints;
}

/** A refusal of a verified payment's request before settlement, or what the check learnt for the job. */
export type Precheck = () => Promise<PrecheckResult>;

export type PrecheckResult = { refused: PrecheckRefusal } | { sources: SourceHints };

export interface PrecheckRefusal {
  status: number;
  error: string;
}

/** The request headers, as the HTTP server parsed them. */
export type PaymentHeaders = Record<string, string | string[] | undefined>;

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

/** How a request paid, for metrics and logs: the method and the network only, never the credential itself. */
export interface PaidWith {
  method: 'x402' | 'mpp';
  /** The method's network; `unknown` for an x402 header that cannot be read or names no x402 network we know. */
  network: string;
}

/** The paywall's decision on a request, and how it paid (null: it carried no payment, and gets the challenge). */
export type CollectedPayment = PaymentOutcome & { paidWith: PaidWith | null };

/**
 * The one door to money, as the HTTP layer sees it. Given a paid route, the request's headers and the
 * job it orders, it either settles a payment and creates exactly one job for it, or answers with the
 * 402 to send back (every payment method's options in one challenge).
 */
export interface Paywall {
  /** The x402 payment options a route offers, as listed in 402 bodies and discovery documents. */
  requirements(resource: PricedResource): PaymentRequirements[];
  /** The MPP offer (Tempo) every route also makes, or null when MPP is off. */
  mppOffer(): MppOffer | null;
  challenge(resource: PricedResource, error: string): Promise<PaymentChallenge>;
  collect(resource: PricedResource, headers: PaymentHeaders, request: PaidRequest): Promise<CollectedPayment>;
}
