import { type BeforeApplicationShutdown, type DynamicModule, Inject, Injectable, Module, type Type } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER } from '../config/config.tokens.js';
import { JobService } from '../jobs/job.service.js';
import { JobRequeuer } from '../jobs/job-requeuer.js';
import { JOBS_CONFIG, type JobsConfig } from '../jobs/jobs.config.js';
import type { PipelineRegistry } from '../pipelines/pipeline.registry.js';
import { PipelinesModule } from '../pipelines/pipelines.module.js';
import { PIPELINES } from '../pipelines/pipelines.tokens.js';
import { REDIS_CONFIG, type RedisConfig } from '../redis/redis.config.js';
import { FAST_REDIS, REDIS_CONNECTIONS } from '../redis/redis.tokens.js';
import type { RedisClient } from '../redis/redis-client.js';
import type { RedisConnections } from '../redis/redis-connections.js';
import { createPayments, type Payments } from './create-payments.js';
import { PAYMENTS_CONFIG, type PaymentsConfig } from './payments.config.js';
import { AFFILIATE_LEDGER, PAYMENTS, PAYWALL, SETTLEMENT_NETWORKS } from './payments.tokens.js';
import type { CreateJob } from './settlement.types.js';
import { liveSettlementNetworks, type SettlementNetworks } from './settlement-networks.js';

/** Stops the background reconciler before the chains it reaches go (the devnet's stop on application shutdown). */
@Injectable()
class PaymentsShutdown implements BeforeApplicationShutdown {
  constructor(@Inject(PAYMENTS) private readonly payments: Payments) {}

  beforeApplicationShutdown(): void {
    this.payments.close();
  }
}

/**
 * Payments, in processes that take them (ROLE=api|all): the paywall of the paid routes and the affiliate
 * ledger. Settled payments become jobs through JobService (JobsModule is global). Where each network settles
 * comes from `networks`, the module that provides SETTLEMENT_NETWORKS (the devnet's), or live from config.
 */
@Module({})
export class PaymentsModule {
  static forRoot(networks: Type | null): DynamicModule {
    const live = { provide: SETTLEMENT_NETWORKS, inject: [PAYMENTS_CONFIG], useFactory: liveSettlementNetworks };
    return {
      module: PaymentsModule,
      // Global, as JobsModule: the HTTP-side modules (http, discovery, mcp) take the paywall without importing it.
      global: true,
      imports: [PipelinesModule, ...(networks ? [networks] : [])],
      providers: [...(networks ? [] : [live]), paymentsProvider(), ...derived, PaymentsShutdown, requeuerProvider],
      exports: [PAYMENTS, PAYWALL, AFFILIATE_LEDGER],
    };
  }
}

const derived = [
  { provide: PAYWALL, inject: [PAYMENTS], useFactory: (p: Payments) => p.paywall },
  { provide: AFFILIATE_LEDGER, inject: [PAYMENTS], useFactory: (p: Payments) => p.ledger },
];

// Every process that takes payments re-enqueues jobs a settlement recorded but could not enqueue.
const requeuerProvider = {
  provide: JobRequeuer,
  inject: [PAYMENTS_CONFIG, LOGGER, JobService],
  useFactory: (config: PaymentsConfig, logger: Logger, jobs: JobService) =>
    new JobRequeuer(config.settlementReconcileSeconds, logger, jobs),
};

function paymentsProvider() {
  return {
    provide: PAYMENTS,
    inject: [PAYMENTS_CONFIG, REDIS_CONFIG, JOBS_CONFIG, LOGGER, FAST_REDIS, REDIS_CONNECTIONS, PIPELINES, JobService, SETTLEMENT_NETWORKS],
    useFactory: async (
      payments: PaymentsConfig,
      redisConfig: RedisConfig,
      jobsConfig: JobsConfig,
      logger: Logger,
      redis: RedisClient | null,
      connections: RedisConnections | null,
      pipelines: PipelineRegistry,
      jobs: JobService,
      networks: SettlementNetworks,
    ) => {
      // The settlement service turns settled payments into jobs through this one port (also from its reconciler).
      // The pipeline comes from the order (the version it was priced under), never looked up again by path:
      // a file edited or removed after settlement cannot lose or change the job that was paid for.
      const createJob: CreateJob = async ({ path, pipeline: source, request, affiliateId, jobId, receipt, sources }) => {
        const pipeline = pipelines.forJob(source, path);
        if (!pipeline) throw new Error(`no pipeline serves ${path}`);
        await jobs.ensure({ pipeline, request, receipt, affiliateId, jobId, sources });
      };
      const config = {
        ...payments,
        keyPrefix: redisConfig.keyPrefix,
        workDir: jobsConfig.workDir,
        replicaAckTimeoutMs: redisConfig.replicaAckTimeoutMs,
      };
      const claimsRedis = (await connections?.failFast()) ?? null;
      return createPayments({ config, logger, redis, claimsRedis, createJob, networks });
    },
  };
}
