import { createHash } from 'node:crypto';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { LOGGER } from '../config/config.tokens.js';
import { JobService } from '../jobs/job.service.js';
import { JOBS_CONFIG, type JobsConfig } from '../jobs/jobs.config.js';
import { describeErrors } from '../json-schema/ajv.js';
import { Metrics } from '../observability/metrics.js';
import { PAYWALL } from '../payments/payments.tokens.js';
import type { CollectedPayment, PaymentOutcome, Paywall, PricedResource } from '../payments/paywall.js';
import type { PipelineRegistry } from '../pipelines/pipeline.registry.js';
import { PIPELINES } from '../pipelines/pipelines.tokens.js';
import { WEBHOOK_SECRET } from '../webhooks/webhooks.tokens.js';
import { ApiError } from './api-error.js';
import { baseUrl } from './base-url.js';
import { HTTP_CONFIG, type HttpConfig } from './http.config.js';
import { jobAccepted } from './job-accepted.js';
import { POLL_SECONDS } from './jobs.controller.js';
import { SourcePrecheck } from './source-precheck.js';

const AFFILIATE_ID = /^[A-Za-z0-9_.-]{1,64}$/;

/**
 * One POST route per loaded pipeline, added to Nest's Fastify instance when the module starts (the paths
 * come from PIPELINES_DIR, so they cannot be controller decorators). The order is the contract: planned
 * pipeline (501) -> media type (415) -> body and request schema (400) -> affiliate id (400) -> payment
 * (402, 409, 503) -> job (202). Nothing before the payment step can charge, and a refused payment creates no job.
 */
@Injectable()
export class PaidRoutes implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    @Inject(PIPELINES) private readonly pipelines: PipelineRegistry,
    @Inject(PAYWALL) private readonly paywall: Paywall,
    private readonly jobs: JobService,
    private readonly precheck: SourcePrecheck,
    @Inject(HTTP_CONFIG) private readonly http: HttpConfig,
    @Inject(JOBS_CONFIG) private readonly jobsConfig: JobsConfig,
    private readonly metrics: Metrics,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(WEBHOOK_SECRET) private readonly webhookSecret: string,
  ) {}

  onModuleInit(): void {
    const fastify: FastifyInstance = this.adapterHost.httpAdapter.getInstance();
    for (const { path } of this.pipelines.all()) {
      // Looked up per request: with WATCH=true an edited pipeline is swapped into the registry.
      fastify.post(path, (request, reply) => this.handle(path, request, reply));
    }
  }

  private async handle(path: string, request: FastifyRequest, reply: FastifyReply) {
    const pipeline = this.pipelines.byPath(path);
    if (!pipeline) throw new ApiError(404, `no route: ${path} is no longer served (its pipeline file was removed). Nothing was charged.`);
    if (pipeline.status === 'planned') {
      throw new ApiError(501, `${pipeline.path} is not available yet: its processing steps are still being built. Nothing was charged.`);
    }
    const type = String(request.headers['content-type'] ?? '')
      .split(';')[0]
      .trim()
      .toLowerCase();
    if (type !== 'application/json') throw new ApiError(415, 'Content-Type must be application/json');
    const body = request.body;
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw new ApiError(400, 'the request body must be a JSON object');
    if (!pipeline.validateRequest(body)) {
      throw new ApiError(400, `invalid request: ${describeErrors(pipeline.validateRequest.errors).join('; ')}`);
    }
    const affiliate = request.headers['x-affiliate-id'];
    if (affiliate !== undefined && (typeof affiliate !== 'string' || !AFFILIATE_ID.test(affiliate))) {
      throw new ApiError(400, 'X-AFFILIATE-ID must be 1 to 64 characters of letters, digits, _ . -');
    }

    const base = baseUrl(request, this.http.publicBaseUrl);
    const resource: PricedResource = {
      path: pipeline.path,
      description: pipeline.summary,
      priceUsd: pipeline.priceUsd,
      resourceUrl: `${base}${pipeline.path}`,
      inputSchema: pipeline.requestSchema,
      outputSchema: pipeline.resultSchema,
    };
    const affiliateId = (affiliate as string | undefined) ?? null;
    const check = this.precheck.check;
    const outcome = await this.paywall.collect(resource, request.headers, {
      fingerprint: fingerprint(pipeline.path, body),
      job: { path: pipeline.path, pipeline: pipeline.source, request: body as Record<string, unknown>, affiliateId },
      precheck: check ? () => check(pipeline, body as Record<string, unknown>) : undefined,
    });
    this.observePayment(pipeline.path, outcome);
    switch (outcome.kind) {
      case 'refused':
        return reply.status(402).headers(outcome.challenge.headers).send(outcome.challenge.body);
      case 'declined':
        throw new ApiError(outcome.status, outcome.error);
      case 'conflict':
        throw new ApiError(409, outcome.message);
      case 'pending':
        throw new ApiError(503, outcome.message, { 'retry-after': String(outcome.retryAfterSeconds) });
    }
    const job = await this.jobs.get(outcome.jobId);
    if (!job && outcome.replay) {
      const expired = `job ${outcome.jobId}, which has expired (jobs are kept ${this.jobsConfig.jobRetentionSeconds} s)`;
      throw new ApiError(409, `this payment was already settled for ${expired}; nothing was charged again`);
    }
    const accepted = jobAccepted(pipeline, outcome.jobId, base, body as Record<string, unknown>, this.webhookSecret);
    return reply
      .status(202)
      .headers({ ...outcome.headers, location: accepted.poll_url, 'retry-after': String(POLL_SECONDS) })
      .send(accepted);
  }

  /** Counts and logs the decision on a request that carried a payment (method, network, outcome, reason; never the credential). */
  private observePayment(route: string, outcome: CollectedPayment): void {
    const labels = outcome.paidWith;
    if (!labels) return; // no payment offered: the 402 challenge is counted as such, not as a payment
    const decision = paymentDecision(outcome);
    this.metrics.payments.inc({ ...labels, outcome: decision.outcome });
    const entry = { route, ...labels, ...decision, ...(outcome.kind === 'accepted' ? { job_id: outcome.jobId } : {}) };
    if (decision.outcome === 'settled' || decision.outcome === 'replayed') this.logger.info(entry, 'payment');
    else this.logger.warn(entry, 'payment');
  }
}

/** The outcome label of a payment decision and, when not accepted, why. */
function paymentDecision(outcome: PaymentOutcome): { outcome: string; reason: string | null } {
  switch (outcome.kind) {
    case 'accepted':
      return { outcome: outcome.replay ? 'replayed' : 'settled', reason: null };
    case 'refused':
      return { outcome: 'refused', reason: outcome.challenge.body.error };
    case 'declined':
      return { outcome: 'declined', reason: outcome.error };
    case 'conflict':
      return { outcome: 'conflict', reason: outcome.message };
    case 'pending':
      return { outcome: 'pending', reason: outcome.message };
  }
}

/** Names a request (route and body, key order ignored), so a payment cannot be reused for another one. */
export function fingerprint(path: string, body: unknown): string {
  const canonical = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(canonical);
    if (!v || typeof v !== 'object') return v;
    return Object.fromEntries(
      Object.keys(v)
        .sort()
        .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
    );
  };
  return createHash('sha256')
    .update(`${path}\n${JSON.stringify(canonical(body))}`)
    .digest('hex');
}
