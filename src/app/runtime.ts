import type { Logger } from 'pino';
import type { Config } from '../config/config.js';
import type { Redis } from 'ioredis';
import { RedisConnections } from '../redis/redis-connections.js';
import { sourceUrlOptions } from '../pipelines/source-url-keyword.js';
import { checkSources } from '../net/source-check.js';
import { BullmqJobQueue } from '../jobs/bullmq-job-queue.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { JobProcessor } from '../jobs/job-processor.js';
import type { JobStore } from '../jobs/job-store.js';
import { JobService } from '../jobs/job.service.js';
import { MemoryJobQueue } from '../jobs/memory-job-queue.js';
import { MemoryJobStore } from '../jobs/memory-job-store.js';
import { RedisJobStore } from '../jobs/redis-job-store.js';
import { loadPipelines } from '../pipelines/pipeline.loader.js';
import { PipelineRegistry } from '../pipelines/pipeline.registry.js';
import type { Pipeline } from '../pipelines/pipeline.types.js';
import type { AffiliateLedger } from '../payments/affiliate-ledger.js';
import { createPayments, type DevnetChains, type Payments } from '../payments/create-payments.js';
import type { Paywall, PrecheckRefusal } from '../payments/paywall.js';
import type { CreateJob } from '../payments/settlement.types.js';
import { createStepRegistry } from '../steps/registry.js';
import { createStepServices } from '../steps/create-services.js';

/**
 * The composition root: every side effect (Redis, queue, disk, payments) is built here from config,
 * behind its interface, and closed here. The HTTP app and the worker both take a Runtime.
 */
export interface Runtime {
  config: Config;
  logger: Logger;
  pipelines: PipelineRegistry;
  store: JobStore;
  queue: JobQueue;
  jobs: JobService;
  processor: JobProcessor;
  /** Null in a process that takes no payments (ROLE=worker): see paywallOf. */
  paywall: Paywall | null;
  /**
   * Checked per paid request after its payment is verified and before it is settled (e.g. the source is
   * reachable): a refusal answers its status and charges nothing. Null in a test that needs none.
   */
  precheck: ((pipeline: Pipeline, request: Record<string, unknown>) => Promise<PrecheckRefusal | null>) | null;
  ledger: AffiliateLedger;
  /** The local chains of PAYMENT_MODE=devnet; null in live mode and in ROLE=worker processes. */
  devnet: DevnetChains | null;
  /** Whether Redis (when used) answers. */
  healthy(): Promise<boolean>;
  close(): Promise<void>;
}

export async function createRuntime(config: Config, logger: Logger): Promise<Runtime> {
  const registry = createStepRegistry();
  const pipelines = new PipelineRegistry(loadPipelines({ pipelinesDir: config.pipelinesDir, schemasDir: config.schemasDir, registry, sourceUrls: sourceUrlOptions(config) }));
  const retentionMs = config.jobRetentionSeconds * 1000;

  let store: JobStore;
  /** The store the worker writes progress to: patient where store is fail-fast (Redis). */
  let workerStore: JobStore;
  let queue: JobQueue;
  let redis: RedisConnections | null = null;
  let fast: Redis | null = null;
  if (config.redisUrl) {
    redis = new RedisConnections(config.redisUrl, logger, config.redisCommandTimeoutMs);
    const connections = redis;
    fast = await connections.fast().catch((err) => {
      connections.close();
      throw err;
    });
    store = new RedisJobStore(fast, config.keyPrefix, retentionMs);
    workerStore = config.role === 'api' ? store : new RedisJobStore(connections.patient(), config.keyPrefix, retentionMs);
    queue = new BullmqJobQueue({
      connection: fast,
      connectWorker: () => connections.patient(),
      queueName: config.queueName,
      prefix: `${config.keyPrefix}:bull`,
      concurrency: config.workerConcurrency,
      lockMs: config.workerLockMs,
      stalledIntervalMs: config.workerStalledIntervalMs,
      maxStalled: config.workerMaxStalled,
      retentionSeconds: config.jobRetentionSeconds,
    });
  } else {
    store = workerStore = new MemoryJobStore(retentionMs);
    queue = new MemoryJobQueue(config.workerConcurrency);
  }

  const processor = new JobProcessor(pipelines, workerStore, config.workDir, logger, createStepServices(config));
  const jobs = new JobService(store, queue);
  // The settlement service turns settled payments into jobs through this one port (also from its reconciler).
  const createJob: CreateJob = async ({ path, request, affiliateId, jobId, receipt }) => {
    const pipeline = pipelines.byPath(path);
    if (!pipeline) throw new Error(`no pipeline serves ${path}`);
    await jobs.ensure({ pipeline, request, receipt, affiliateId, jobId });
  };
  // Only processes that take payments (ROLE=api|all) build the paywall, and so start the devnet chains.
  let payments: Payments | null = null;
  try {
    if (config.role !== 'worker') payments = await createPayments({ config, logger, redis: fast, createJob });
  } catch (err) {
    await queue.close();
    redis?.close();
    throw err;
  }
  // A job recorded `queued` that its queue does not hold (its writer died before enqueueing it) is
  // enqueued again, by every process that takes requests, once it has waited as long as a settlement may.
  const afterMs = config.settlementReconcileSeconds * 1000;
  const everyMs = Math.min(Math.max(afterMs / 2, 1000), 30_000);
  const onRequeueError = (err: Error) => logger.warn({ err: err.message }, 're-enqueueing waiting jobs failed');
  const stopRequeuer = config.role === 'worker' ? () => undefined : jobs.startRequeuer(everyMs, afterMs, onRequeueError);
  return {
    config,
    logger,
    pipelines,
    store,
    queue,
    jobs,
    processor,
    paywall: payments?.paywall ?? null,
    // Before a verified payment settles, its sources must be reachable (a dead URL is refused, nothing charged).
    precheck: (pipeline, body) => checkSources(pipeline, body, { allowLoopback: config.media.allowLoopback, maxBytes: config.media.maxBytes }),
    ledger: payments?.ledger ?? noLedger(config.role),
    devnet: payments?.devnet ?? null,
    healthy: () => Promise.race([queue.ping(), new Promise<boolean>((r) => setTimeout(() => r(false), HEALTH_TIMEOUT_MS).unref())]),
    async close() {
      stopRequeuer();
      await payments?.close();
      await queue.close();
      await store.close();
      redis?.close();
    },
  };
}

/** The ledger of a process that takes no payments (ROLE=worker): it has none to read. */
function noLedger(role: string): AffiliateLedger {
  const none = async (): Promise<never> => {
    throw new Error(`ROLE=${role} takes no payments: it has no affiliate ledger`);
  };
  return { record: none, balances: none };
}

/** /healthz answers within this even when Redis hangs. */
const HEALTH_TIMEOUT_MS = 1000;

/** The paywall of a process that takes payments; the HTTP app is only built in those (ROLE=api|all). */
export function paywallOf(rt: Runtime): Paywall {
  if (!rt.paywall) throw new Error(`ROLE=${rt.config.role} takes no payments: it has no paywall`);
  return rt.paywall;
}

/** Makes this process consume jobs (ROLE=all or worker). */
export async function startWorker(rt: Runtime): Promise<void> {
  await rt.queue.startWorker(
    (job) => rt.processor.process(job),
    (jobId, reason) => rt.processor.fail(jobId, `the job was abandoned after its workers stopped repeatedly (${reason})`),
  );
}
