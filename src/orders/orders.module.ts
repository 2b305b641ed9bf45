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

/** The paid-order use case (PaidOrders), for every transport (HTTP, MCP); what a settled order becomes is FulfilmentModule's. */
@Module({
  providers: [
    {
      provide: PaidOrders,
      inject: [PAYWALL, JobService, TypicalDurations, Metrics, LOGGER, WEBHOOK_SECRET, JOBS_CONFIG],
      useFactory: (
        paywall: Paywall,
        jobs: JobService,
        durations: TypicalDurations,
        metrics: Metrics,
        logger: Logger,
        webhookSecret: string,
        config: JobsConfig,
      ) =>
        new PaidOrders({
          paywall,
          jobs,
          durations,
          metrics,
          logger,
          webhookSecret,
          retentionSeconds: config.jobRetentionSeconds,
        }),
    },
  ],
  exports: [PaidOrders],
})
export class OrdersModule {}
