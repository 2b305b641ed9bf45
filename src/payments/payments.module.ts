import { Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Config } from '../config/config.js';
import { CONFIG, LOGGER } from '../config/config.tokens.js';
import { JobService } from '../jobs/job.service.js';
import { JobRequeuer } from '../jobs/job-requeuer.js';
import type { PipelineRegistry } from '../pipelines/pipeline.registry.js';
import { PipelinesModule } from '../pipelines/pipelines.module.js';
import { PIPELINES } from '../pipelines/pipelines.tokens.js';
import { FAST_REDIS } from '../redis/redis.tokens.js';
import { createPayments, type Payments } from './create-payments.js';
import { AFFILIATE_LEDGER, PAYMENTS, PAYWALL } from './payments.tokens.js';
import type { CreateJob } from './settlement.types.js';

/** Stops the reconciler and the devnet chains, once the HTTP server has drained and the jobs have closed. */
@Injectable()
class PaymentsShutdown implements OnApplicationShutdown {
  constructor(@Inject(PAYMENTS) private readonly payments: Payments) {}

  onApplicationShutdown(): Promise<void> {
    return this.payments.close();
  }
}

/**
 * Payments, in processes that take them (ROLE=api|all): the paywall of the paid routes, the affiliate
 * ledger and, in devnet mode, the local chains. Settled payments become jobs through JobService (JobsModule is global).
 */
@Module({
  imports: [PipelinesModule],
  providers: [
    {
      provide: PAYMENTS,
      inject: [CONFIG, LOGGER, FAST_REDIS, PIPELINES, JobService],
      useFactory: (config: Config, logger: Logger, redis: Redis | null, pipelines: PipelineRegistry, jobs: JobService) => {
        // The settlement service turns settled payments into jobs through this one port (also from its reconciler).
        const createJob: CreateJob = async ({ path, request, affiliateId, jobId, receipt }) => {
          const pipeline = pipelines.byPath(path);
          if (!pipeline) throw new Error(`no pipeline serves ${path}`);
          await jobs.ensure({ pipeline, request, receipt, affiliateId, jobId });
        };
        return createPayments({ config, logger, redis, createJob });
      },
    },
    { provide: PAYWALL, inject: [PAYMENTS], useFactory: (p: Payments) => p.paywall },
    { provide: AFFILIATE_LEDGER, inject: [PAYMENTS], useFactory: (p: Payments) => p.ledger },
    PaymentsShutdown,
    JobRequeuer,
  ],
  exports: [PAYMENTS, PAYWALL, AFFILIATE_LEDGER],
})
export class PaymentsModule {}
