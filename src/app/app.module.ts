import { type DynamicModule, Module, type Type } from '@nestjs/common';
import type { Logger } from 'pino';
import { ConfigModule } from '../config/config.module.js';
import { JobsModule } from '../jobs/jobs.module.js';
import { MetricsModule, type WorkerMetricsAddress } from '../observability/metrics.module.js';
import { sweepTiming } from '../payments/sweep-timing.js';
import { PipelinesModule } from '../pipelines/pipelines.module.js';
import { RedisModule } from '../redis/redis.module.js';
import type { StepsModule } from '../steps/steps.module.js';
import { WebhooksModule } from '../webhooks/webhooks.module.js';
import { APP_CONFIG, type AppConfig, configSections } from './app-config.js';

export interface AppOptions {
  config: AppConfig;
  logger: Logger;
  /** Serve HTTP and take payments (ROLE=api|all): payments, discovery, the routes and, in devnet mode, the devnet. */
  http: boolean;
  /** What a process that serves HTTP adds (see servingModules); null in a worker-only process. */
  serving: ServingModules | null;
  /** Run jobs (ROLE=worker|all): the queue's worker, the job processor and the step engines. */
  workers: boolean;
  /** In a process that runs jobs, the StepsModule (imported only then, see createApp); null elsewhere. */
  steps: typeof StepsModule | null;
  /** PAYMENT_MODE=devnet in a process that takes payments: the DevnetModule (imported only then, see createApp). */
  devnet: Type | null;
}

/**
 * The composition root. Shared by every process: configuration, Redis, pipelines and jobs. ROLE adds the
 * rest: a process that serves HTTP takes payments (and starts the devnet chains in devnet mode); a
 * process that runs jobs registers the queue's worker and loads the engines.
 */
@Module({})
export class AppModule {
  static forRoot({ config, logger, serving: s, steps, devnet }: AppOptions): DynamicModule {
    // Settled payments become jobs through the orders' fulfilment; in devnet mode they settle on the devnet's local chains.
    const payments = (m: ServingModules) =>
      m.PaymentsModule.forRoot({ networks: devnet, fulfilment: m.FulfilmentModule, workDir: config.jobs.workDir });
    const serving = s ? [payments(s), s.DiscoveryModule, s.HttpModule, s.McpModule, ...(devnet ? [devnet] : [])] : [];
    // A process that takes payments re-enqueues jobs a settlement recorded but could not enqueue, once a settlement may be over.
    const requeue = s ? sweepTiming(config.payments.settlementReconcileSeconds) : null;
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(configSections(config), logger),
        RedisModule,
        WebhooksModule,
        PipelinesModule,
        JobsModule.forRoot({ jobs: config.jobs, redis: config.redis, steps: steps ? stepsModule(steps, config) : null, requeue }),
        MetricsModule.forRoot(workerMetrics(config)),
        ...serving,
      ],
      providers: [{ provide: APP_CONFIG, useValue: config }],
    };
  }
}

/**
 * The modules of a process that serves HTTP, imported only there: payments bring viem, mppx and the x402 schemes
 * (about 90 MB of a worker's memory and a second of its start-up, for code a worker never runs).
 */
export async function servingModules() {
  const [{ PaymentsModule }, { FulfilmentModule }, { DiscoveryModule }, { HttpModule }, { McpModule }] = await Promise.all([
    import('../payments/payments.module.js'),
    import('../orders/fulfilment.module.js'),
    import('../discovery/discovery.module.js'),
    import('../http/http.module.js'),
    import('../mcp/mcp.module.js'),
  ]);
  return { PaymentsModule, FulfilmentModule, DiscoveryModule, HttpModule, McpModule };
}
export type ServingModules = Awaited<ReturnType<typeof servingModules>>;

/** The engines steps run on, and the folders of the files steps read (prompts, schemas, knowledge). */
function stepsModule(steps: typeof StepsModule, { engines, pipelines }: AppConfig): DynamicModule {
  const { promptsDir, schemasDir, knowledgeDir } = pipelines;
  return steps.forRoot(engines, { promptsDir, schemasDir, knowledgeDir });
}

/** A worker-only process (no HTTP server) serves /metrics on METRICS_PORT when set, on HOST. */
function workerMetrics({ process, http }: AppConfig): WorkerMetricsAddress | null {
  return process.role === 'worker' && process.metricsPort !== null ? { port: process.metricsPort, host: http.host } : null;
}

/** Which modules a ROLE starts. */
export function roleModules(role: AppConfig['process']['role']): { http: boolean; workers: boolean } {
  return { http: role !== 'worker', workers: role !== 'api' };
}
