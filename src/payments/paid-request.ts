import type { PipelineSource } from '../pipelines/pipeline.types.js';
import type { SourceHints } from '../sources/source-hints.js';

/** The request headers, as the HTTP server parsed them (a transport without headers builds the same shape). */
export type PaymentHeaders = Record<string, string | string[] | undefined>;

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

/** What the paid-order use case hands the paywall besides the payment. */
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

/** A refusal of a verified payment's request before settlement, or what the check learnt for the job. */
export type Precheck = () => Promise<PrecheckResult>;

export type PrecheckResult = { refused: PrecheckRefusal } | { sources: SourceHints };

export interface PrecheckRefusal {
  status: number;
  error: string;
}
