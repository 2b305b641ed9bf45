import type { Logger } from 'pino';
import type { JobService } from '../jobs/job.service.js';
import type { TypicalDurations } from '../jobs/typical-durations.js';
import { describeErrors } from '../json-schema/ajv.js';
import type { Metrics } from '../observability/metrics.js';
import type { PaymentHeaders } from '../payments/paid-request.js';
import type { PaymentChallenge } from '../payments/payment-challenge.js';
import type { CollectedPayment, PaidWith } from '../payments/payment-outcome.js';
import type { Paywall } from '../payments/paywall.js';
import type { Pipeline } from '../pipelines/pipeline.types.js';
import { type JobAccepted, jobAccepted } from './job-accepted.js';
import { JobOrder } from './job-order.js';
import { orderFingerprint } from './order-fingerprint.js';
import { pricedResource } from './pipeline-resource.js';

const AFFILIATE_ID = /^[A-Za-z0-9_.-]{1,64}$/;

/** A paid request as a transport hands it over: the route's pipeline, the body, and the payment as headers. */
export interface PaidOrder {
  pipeline: Pipeline;
  body: unknown;
  /** The payment, as the headers that carry it (MCP translates its `_meta` into them). */
  payment: PaymentHeaders;
  /** The X-AFFILIATE-ID a client sent, unchecked (undefined: none). */
  affiliate?: unknown;
  /** The service's URL as the client called it (poll_url, the 402's resource). */
  baseUrl: string;
}

/** What became of a paid order; each transport only translates it (a 202, a 402, an error; or a tool result). */
export type OrderOutcome =
  | { kind: 'accepted'; job: JobAccepted; receipt: Record<string, string> }
  | { kind: 'payment-required'; challenge: PaymentChallenge; paidWith: PaidWith | null }
  | { kind: 'refused'; status: number; error: string; headers?: Record<string, string> };

export interface PaidOrdersDeps {
  paywall: Paywall;
  jobs: JobService;
  durations: TypicalDurations;
  metrics: Metrics;
  logger: Logger;
  webhookSecret: string;
  retentionSeconds: number;
}

/**
 * The one use case of a paid request, whatever carries it (HTTP, MCP). The order is the contract: a planned
 * endpoint (501) -> the body and its schema (400) -> the affiliate id (400) -> the payment through the paywall
 * (402, 409, 422, 503), which has OrderFulfilment check the order's sources, settles it and has the order fulfilled
 * (its one job) -> 202. Nothing before the paywall can charge, a refused payment creates no job, and every decision
 * on a payment is counted and logged here.
 */
export class PaidOrders {
  constructor(private readonly deps: PaidOrdersDeps) {}

  async place(order: PaidOrder): Promise<OrderOutcome> {
    const { pipeline, body } = order;
    const invalid = this.refusal(order);
    if (invalid) return invalid;
    // Validated (defaults filled in) by refusal(): the order carries it as it is to the job.
    const request = body as Record<string, unknown>;
    const job = new JobOrder(pipeline, request, (order.affiliate as string | undefined) ?? null);
    // The fingerprint hashes the whole body (25 ms of the event loop for a 9 MB photo): only when a payment is read,
    // not for the 402 that most clients ask for first.
    let fingerprint: string | undefined;
    const collected = await this.deps.paywall.collect(pricedResource(pipeline, order.baseUrl), order.payment, {
      get fingerprint() {
        fingerprint ??= orderFingerprint(pipeline.path, request);
        return fingerprint;
      },
      job,
    });
    this.observe(pipeline.path, collected);
    return this.outcome(collected, order);
  }

  /** Why the order is refused before any payment is looked at (nothing can be charged), or null. */
  private refusal({ pipeline, body, affiliate }: PaidOrder): OrderOutcome | null {
    const refused = (status: number, error: string): OrderOutcome => ({ kind: 'refused', status, error });
    if (pipeline.status === 'planned') {
      return refused(501, `${pipeline.path} is not available yet: its processing steps are still being built. Nothing was charged.`);
    }
    if (!body || typeof body !== 'object' || Array.isArray(body)) return refused(400, 'the request body must be a JSON object');
    if (!pipeline.validateRequest(body))
      return refused(400, `invalid request: ${describeErrors(pipeline.validateRequest.errors).join('; ')}`);
    if (affiliate !== undefined && (typeof affiliate !== 'string' || !AFFILIATE_ID.test(affiliate))) {
      return refused(400, 'X-AFFILIATE-ID must be 1 to 64 characters of letters, digits, _ . -');
    }
    return null;
  }

  private async outcome(collected: CollectedPayment, order: PaidOrder): Promise<OrderOutcome> {
    switch (collected.kind) {
      case 'refused':
        return { kind: 'payment-required', challenge: collected.challenge, paidWith: collected.paidWith };
      case 'declined':
        return { kind: 'refused', status: collected.status, error: collected.error };
      case 'conflict':
        return { kind: 'refused', status: 409, error: collected.message };
      case 'pending':
        return { kind: 'refused', status: 503, error: collected.message, headers: { 'retry-after': String(collected.retryAfterSeconds) } };
    }
    if (collected.replay && !(await this.deps.jobs.get(collected.jobId))) {
      const expired = `job ${collected.jobId}, which has expired (jobs are kept ${this.deps.retentionSeconds} s)`;
      return { kind: 'refused', status: 409, error: `this payment was already settled for ${expired}; nothing was charged again` };
    }
    const body = order.body as Record<string, unknown>;
    const typical = this.deps.durations.seconds(order.pipeline);
    const job = jobAccepted(order.pipeline, collected.jobId, order.baseUrl, body, this.deps.webhookSecret, typical);
    return { kind: 'accepted', job, receipt: collected.headers };
  }

  /** Counts and logs the decision on a request that carried a payment (protocol, network, outcome, reason; never the credential). */
  private observe(route: string, collected: CollectedPayment): void {
    if (collected.kind === 'refused') this.deps.metrics.paymentRequired.inc({ route });
    const labels = collected.paidWith;
    if (!labels) return; // no payment offered: the 402 challenge is counted as such, not as a payment
    const decision = paymentDecision(collected);
    this.deps.metrics.payments.inc({ ...labels, outcome: decision.outcome });
    const entry = { route, ...labels, ...decision, ...(collected.kind === 'accepted' ? { job_id: collected.jobId } : {}) };
    if (decision.outcome === 'settled' || decision.outcome === 'replayed') this.deps.logger.info(entry, 'payment');
    else this.deps.logger.warn(entry, 'payment');
  }
}

/** The outcome label of a payment decision and, when not accepted, why. */
function paymentDecision(collected: CollectedPayment): { outcome: string; reason: string | null } {
  switch (collected.kind) {
    case 'accepted':
      return { outcome: collected.replay ? 'replayed' : 'settled', reason: null };
    case 'refused':
      return { outcome: 'refused', reason: collected.challenge.body.error };
    case 'declined':
      return { outcome: 'declined', reason: collected.error };
    case 'conflict':
      return { outcome: 'conflict', reason: collected.message };
    case 'pending':
      return { outcome: 'pending', reason: collected.message };
  }
}
