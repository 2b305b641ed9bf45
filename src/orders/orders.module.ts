import { Module } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER } from '../config/config.tokens.js';
import { JobService } from '../jobs/job.service.js';
import { JOBS_CONFIG, type JobsConfig } from '../jobs/jobs.config.js';
import { TypicalDurations } from '../jobs/typical-durations.js';
import { Metrics } from '../observability/metrics.js';
import { PAYWALL } from '../payments/payments.tokens.js';
import type { Paywall } from '../payments/paywall.js';
import { WEBHOOK_SECRET } from '../webhooks/webhooks.tokens.js';
import { PaidOrders } from './paid-orders.js';
import { SourcePrecheck } from './source-precheck.js';

/** The paid-order use case (PaidOrders) and the check of sources before settlement, for every transport (HTTP, MCP). */
@Module({
  providers: [
    SourcePrecheck,
    {
      provide: PaidOrders,
      inject: [PAYWALL, JobService, TypicalDurations, SourcePrecheck, Metrics, LOGGER, WEBHOOK_SECRET, JOBS_CONFIG],
      useFactory: (
        paywall: Paywall,
        jobs: JobService,
        durations: TypicalDurations,
        precheck: SourcePrecheck,
        metrics: Metrics,
        logger: Logger,
        webhookSecret: string,
        config: JobsConfig,
      ) =>
        new PaidOrders({
          paywall,
          jobs,
          durations,
          precheck,
          metrics,
          logger,
          webhookSecret,
          retentionSeconds: config.jobRetentionSeconds,
        }),
    },
  ],
  exports: [PaidOrders, SourcePrecheck],
})
export class OrdersModule {}
