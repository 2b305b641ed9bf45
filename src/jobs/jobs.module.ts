import { BullModule, getQueueToken } from '@nestjs/bullmq';
import { type DynamicModule, Inject, Injectable, Module, type OnModuleDestroy, Optional, type Provider } from '@nestjs/common';
import type { Queue } from 'bullmq';
import type { Logger } from 'pino';
import { LOGGER } from '../config/config.tokens.js';
import { Metrics } from '../observability/metrics.js';
import type { PipelineRegistry } from '../pipelines/pipeline-registry.js';
import { PipelinesModule } from '../pipelines/pipelines.module.js';
import { PIPELINES } from '../pipelines/pipelines.tokens.js';
import type { RedisConfig } from '../redis/redis.config.js';
import { FAST_REDIS, REDIS_CONNECTIONS } from '../redis/redis.tokens.js';
import type { RedisClient } from '../redis/redis-client.js';
import type { RedisConnections } from '../redis/redis-connections.js';
import type { StepTools } from '../steps/step-tools.js';
import { STEP_TOOLS } from '../steps/steps.tokens.js';
import { createBullJobWorker } from './bull-job-worker.js';
import { BullmqJobQueue } from './bullmq-job-queue.js';
import { JobService } from './job.service.js';
import type { JobChanges } from './job-changes.js';
import { jobChangesChannel, RedisJobChanges } from './job-changes.js';
import { type JobDurations, MemoryJobDurations, RedisJobDurations } from './job-durations.js';
import type { JobEndListener } from './job-end-listener.js';
import { JobProcessor } from './job-processor.js';
import type { JobQueue } from './job-queue.js';
import { JobRequeuer, type RequeueTiming } from './job-requeuer.js';
import type { JobStore } from './job-store.js';
import type { JobWorker } from './job-worker.js';
import { JOBS_CONFIG, type JobsConfig } from './jobs.config.js';
import { JOB_CHANGES, JOB_DURATIONS, JOB_END_LISTENER, JOB_QUEUE, JOB_STORE, JOB_WORKER, WORKER_JOB_STORE } from './jobs.tokens.js';
import { MemoryJobQueue } from './memory-job-queue.js';
import { MemoryJobStore } from './memory-job-store.js';
import { MemoryJobWorker } from './memory-job-worker.js';
import { RedisJobStore } from './redis-job-store.js';
import { TypicalDurations } from './typical-durations.js';

/**
 * Closes in order: the worker (running jobs finish), then the queue, then the store. JobsModule is global, so
 * Nest destroys it after the non-global modules: the HTTP server has drained by then.
 */
@Injectable()
class JobsShutdown implements OnModuleDestroy {
  constructor(
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(JOB_STORE) private readonly store: JobStore,
    @Optional() @Inject(JOB_WORKER) private readonly worker: JobWorker | null,
    @Inject(JOB_CHANGES) private readonly changes: JobChanges,
  ) {}

  async onModuleDestroy(): Promise<void> {
    await this.worker?.close();
    await this.queue.close();
    await this.changes.close();
    await this.store.close();
  }
}

/** Provided only for its effect: the queue's depth and this process's job slots on GET /metrics. */
const QUEUE_GAUGES = Symbol('QUEUE_GAUGES');

export interface JobsModuleOptions {
  jobs: JobsConfig;
  redis: RedisConfig;
  /**
   * In a process that runs jobs (ROLE=worker|all), the engines the steps run on (StepsModule.forRoot): the queue's
   * worker and the processor are registered too. Null in a process that only takes requests.
   */
  steps: DynamicModule | null;
  /** In a process that takes paid requests, when its JobRequeuer looks for jobs left unqueued or unfinished (else null). */
  requeue: RequeueTiming | null;
}

/**
 * Jobs: records (JOB_STORE), the queue (JOB_QUEUE) and, in processes that run jobs, its worker (JOB_WORKER).
 * With Redis configured the queue is BullMQ through @nestjs/bullmq; without, the in-process queue.
 */
@Module({})
export class JobsModule {
  static forRoot({ jobs: config, redis, steps, requeue }: JobsModuleOptions): DynamicModule {
    const workers = steps !== null;
    const slots = workers ? config.workerConcurrency : 0;
    const providers: Provider[] = [
      { provide: JobService, inject: [JOB_STORE, JOB_QUEUE], useFactory: (store: JobStore, q: JobQueue) => new JobService(store, q) },
      {
        provide: QUEUE_GAUGES,
        inject: [Metrics, JOB_QUEUE],
        useFactory: (metrics: Metrics, queue: JobQueue) => metrics.watchQueue({ counts: () => queue.counts(), workers: () => slots }),
      },
      { provide: TypicalDurations, inject: [JOB_DURATIONS], useFactory: (d: JobDurations) => new TypicalDurations(d) },
      JobsShutdown,
    ];
    if (workers) providers.push(processorProvider());
    if (requeue) {
      providers.push({
        provide: JobRequeuer,
        inject: [LOGGER, JobService],
        useFactory: (logger: Logger, jobs: JobService) => new JobRequeuer(requeue, logger, jobs),
      });
    }
    const driver = redis.target ? bullmqDriver(config, redis.keyPrefix, workers) : memoryDriver(config, workers);
    return {
      module: JobsModule,
      global: true,
      imports: [PipelinesModule, ...(steps ? [steps] : []), ...driver.imports],
      providers: [...providers, ...driver.providers],
      exports: [JobService, JOB_STORE, JOB_QUEUE, JOB_CHANGES, TypicalDurations],
    };
  }
}

function processorProvider(): Provider {
  return {
    provide: JobProcessor,
    inject: [
      PIPELINES,
      WORKER_JOB_STORE,
      JOBS_CONFIG,
      LOGGER,
      STEP_TOOLS,
      Metrics,
      JOB_DURATIONS,
      { token: JOB_END_LISTENER, optional: true },
    ],
    // The processor tells the listener (the job's callback_url) when it ends a job.
    useFactory: (
      pipelines: PipelineRegistry,
      store: JobStore,
      config: JobsConfig,
      logger: Logger,
      tools: StepTools,
      metrics: Metrics,
      durations: JobDurations,
      listener: JobEndListener | undefined,
    ) => new JobProcessor(pipelines, store, config.workDir, logger, tools, metrics, durations, listener ?? null),
  };
}

function memoryDriver(config: JobsConfig, workers: boolean): { imports: DynamicModule[]; providers: Provider[] } {
  const providers: Provider[] = [
    { provide: JOB_STORE, useFactory: () => new MemoryJobStore(config.jobRetentionSeconds * 1000) },
    { provide: JOB_CHANGES, inject: [JOB_STORE], useFactory: (store: MemoryJobStore) => store.changes },
    { provide: JOB_QUEUE, useFactory: () => new MemoryJobQueue(config.workerConcurrency) },
    { provide: JOB_DURATIONS, useFactory: () => new MemoryJobDurations() },
  ];
  if (workers) {
    providers.push({ provide: WORKER_JOB_STORE, useExisting: JOB_STORE });
    providers.push({
      provide: JOB_WORKER,
      inject: [JOB_QUEUE, JobProcessor],
      useFactory: (q: MemoryJobQueue, p: JobProcessor) => new MemoryJobWorker(q, p),
    });
  }
  return { imports: [], providers };
}

function bullmqDriver(config: JobsConfig, keyPrefix: string, workers: boolean): { imports: DynamicModule[]; providers: Provider[] } {
  const retentionMs = config.jobRetentionSeconds * 1000;
  const prefix = `${keyPrefix}:bull`;
  const queue = BullModule.registerQueueAsync({
    name: config.queueName,
    inject: [FAST_REDIS],
    useFactory: (fast: RedisClient) => ({ connection: fast, prefix }),
  });
  const providers: Provider[] = [
    { provide: JOB_STORE, inject: [FAST_REDIS], useFactory: (fast: RedisClient) => new RedisJobStore(fast, keyPrefix, retentionMs) },
    { provide: JOB_DURATIONS, inject: [FAST_REDIS], useFactory: (fast: RedisClient) => new RedisJobDurations(fast, keyPrefix) },
    {
      provide: JOB_CHANGES,
      inject: [REDIS_CONNECTIONS],
      useFactory: (connections: RedisConnections) => new RedisJobChanges(() => connections.patient(), jobChangesChannel(keyPrefix)),
    },
    {
      provide: JOB_QUEUE,
      inject: [getQueueToken(config.queueName), FAST_REDIS],
      useFactory: (q: Queue, fast: RedisClient) => new BullmqJobQueue(q, fast, config.jobRetentionSeconds),
    },
  ];
  if (workers) {
    providers.push({
      provide: WORKER_JOB_STORE,
      inject: [REDIS_CONNECTIONS],
      useFactory: (connections: RedisConnections) => new RedisJobStore(connections.patient(), keyPrefix, retentionMs),
    });
    providers.push({
      provide: JOB_WORKER,
      inject: [JobProcessor, REDIS_CONNECTIONS, LOGGER],
      useFactory: (processor: JobProcessor, connections: RedisConnections, logger: Logger) =>
        createBullJobWorker(config, prefix, processor, connections, logger),
    });
  }
  return { imports: [queue], providers };
}
