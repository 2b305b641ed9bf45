import 'reflect-metadata';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { BullModule } from '@nestjs/bullmq';
import { type INestApplicationContext, Module, type OnModuleDestroy } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Queue, WaitingError, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { brokenWorkRoot } from '../../test/support/broken-work-root.js';
import { settledCounts } from '../../test/support/queue-counts.js';
import { testStepRegistry } from '../../test/support/test-steps.js';
import { JobCancelled } from '../pipelines/job-cancelled.js';
import { loadPipelines } from '../pipelines/pipeline-loader.js';
import { PipelineRegistry } from '../pipelines/pipeline-registry.js';
import { RedisConnections } from '../redis/redis-connections.js';
import type { StepTools } from '../steps/step-tools.js';
import { createBullJobWorker } from './bull-job-worker.js';
import { BullmqJobQueue } from './bullmq-job-queue.js';
import { JobService } from './job.service.js';
import type { QueuedJob } from './job.types.js';
import { JobProcessor } from './job-processor.js';
import type { JobsConfig } from './jobs.config.js';
import { RedisJobStore } from './redis-job-store.js';

/**
 * A worker shut down in the middle of a job, on a real Redis (own key prefix) through @nestjs/bullmq: its
 * close gives up waiting, the job's signal is aborted as handed over, this worker records nothing, and
 * another worker runs the job to the end. And a worker whose disk fails under a job: tried again, then failed
 * saying why.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const id = randomUUID().slice(0, 8);
const keyPrefix = `vidint-test-${id}`;
const prefix = `${keyPrefix}:bull`;
const queueName = `q-${id}`;
const logger = pino({ level: 'silent' });
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bullmq-shutdown-'));
const redis = new Redis(REDIS_URL);
after(async () => {
  const keys = await redis.keys(`${keyPrefix}:*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
  fs.rmSync(root, { recursive: true, force: true });
});

const config = {
  queueName,
  workerConcurrency: 1,
  workerLockMs: 1000,
  workerStalledIntervalMs: 500,
  workerMaxStalled: 1,
} as JobsConfig;
const store = new RedisJobStore(redis, keyPrefix, 3_600_000);

function napPipeline() {
  const dir = fs.mkdtempSync(path.join(root, 'p-'));
  const yaml = `path: /nap\nsummary: nap\nprice_usd: "0.01"\nestimated_seconds: 5
request: { type: object, required: [seconds], properties: { seconds: { type: number } } }\nresult: { type: object }
steps:\n  - id: nap\n    uses: sleep\n    with: { seconds: "{{request.seconds}}" }\noutput: "{{steps.nap}}"\n`;
  fs.writeFileSync(path.join(dir, 'nap.yaml'), yaml);
  const registry = testStepRegistry();
  return loadPipelines({ pipelinesDir: dir, schemasDir: path.resolve('schemas'), registry })[0];
}

/** The real processor, keeping each run's signal and its end so the test can look at both. */
class WatchedProcessor extends JobProcessor {
  readonly runs: Array<{ signal: AbortSignal; done: Promise<void> }> = [];

  override process(job: QueuedJob, signal: AbortSignal): Promise<void> {
    const done = super.process(job, signal);
    this.runs.push({ signal, done });
    return done;
  }
}

/** A worker process as JobsModule builds one with REDIS_URL: the @Processor found by @nestjs/bullmq, closed on shutdown. */
async function startWorker(pipeline: ReturnType<typeof napPipeline>, closeTimeoutMs: number, workRoot = path.join(root, 'work')) {
  const connections = new RedisConnections({ kind: 'server', url: REDIS_URL }, logger, 1000);
  const processor = new WatchedProcessor(new PipelineRegistry([pipeline]), store, workRoot, logger, {} as StepTools);
  const host = createBullJobWorker(config, prefix, processor, connections, logger, closeTimeoutMs);
  // JobsModule's shutdown closes the worker when its module is destroyed, before @nestjs/bullmq's own close.
  const shutdown: OnModuleDestroy = { onModuleDestroy: () => host.close() };
  @Module({
    imports: [BullModule.registerQueue({ name: queueName, connection: connections.patient(), prefix })],
    providers: [
      { provide: 'JOB_WORKER', inject: [], useFactory: () => host },
      { provide: 'JOBS_SHUTDOWN', useValue: shutdown },
    ],
  })
  class WorkerApp {}
  const app: INestApplicationContext = await NestFactory.createApplicationContext(WorkerApp, { logger: false });
  await app.init();
  // RedisModule ends every socket last, at application shutdown.
  const close = async () => {
    await app.close();
    connections.close();
  };
  return { processor, host, close };
}

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, tries = 300): Promise<T> {
  let v = await read();
  for (let i = 0; i < tries && !ok(v); i++) {
    await delay(50);
    v = await read();
  }
  return v;
}

/** The job's record once it has an outcome (or as it is after 20 s). */
function finished(id: string) {
  return until(
    () => store.get(id),
    (r) => r?.status === 'complete' || r?.status === 'failed',
    400,
  );
}

describe('BullMQ worker: shut down mid-job', () => {
  it('gives the running job up as handed over, records nothing, and another worker completes it', async () => {
    const pipeline = napPipeline();
    const queueConnection = new Redis(REDIS_URL);
    const queue = new Queue(queueName, { connection: queueConnection, prefix });
    const jobs = new JobService(store, new BullmqJobQueue(queue, redis, 3600));
    const first = await startWorker(pipeline, 300);
    const record = await jobs.accept({ pipeline, request: { seconds: 3 }, receipt: null });
    const running = await until(
      () => store.get(record.id),
      (r) => r?.status === 'processing',
    );
    assert.equal(running?.status, 'processing');

    await first.close();
    const [run] = first.processor.runs;
    assert.ok(run.signal.aborted, 'the running job was stopped when its worker shut down');
    const reason = run.signal.reason;
    assert.ok(reason instanceof JobCancelled, `aborted with ${String(reason)}`);
    assert.equal(reason.handedOver, true);
    assert.equal(reason.message, 'this worker shut down; another worker runs the job');
    await run.done;
    const left = await store.get(record.id);
    assert.equal(left?.status, 'processing', 'the stopped worker records no outcome');
    assert.equal(left?.attempts, 1);
    assert.equal(await queue.getJobState(record.id), 'active', 'the queue still holds the job for another worker');

    const second = await startWorker(pipeline, 300);
    try {
      const done = await finished(record.id);
      assert.equal(done?.status, 'complete', done?.error ?? undefined);
      assert.equal(done?.attempts, 2, 'the second worker ran it after the first shut down');
      assert.equal(second.processor.runs.length, 1);
      const counts = await settledCounts(queue, 'completed', 'failed', 'active', 'wait');
      assert.deepEqual(counts, { completed: 1, failed: 0, active: 0, wait: 0 });
    } finally {
      await second.close();
      await queue.close();
      queueConnection.disconnect();
    }
  });
});

describe('BullMQ worker: a job handed over after it was told to stop', () => {
  it('goes back to the queue as it came, and another worker completes it', async () => {
    const pipeline = napPipeline();
    const queueConnection = new Redis(REDIS_URL);
    const queue = new Queue(queueName, { connection: queueConnection, prefix });
    const jobs = new JobService(store, new BullmqJobQueue(queue, redis, 3600));
    const first = await startWorker(pipeline, 300);
    first.host.stopTaking();
    const record = await jobs.accept({ pipeline, request: { seconds: 0.2 }, receipt: null });
    // What BullMQ does when a close meets a completion that fetched the next job: the job is active under this
    // worker's token, and process() is called with it.
    const fetcherConnection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
    const fetcher = new Worker(queueName, null, { connection: fetcherConnection, prefix, autorun: false });
    const job = await fetcher.getNextJob('late-token', { block: false });
    assert.equal(job?.id, record.id);
    await assert.rejects(first.host.process(job!, 'late-token'), WaitingError);
    assert.equal(await queue.getJobState(record.id), 'waiting', 'the job is back in the queue');
    assert.equal(first.processor.runs.length, 0, 'the stopping worker did not run it');
    assert.equal((await store.get(record.id))?.attempts, 0);
    await fetcher.close();
    fetcherConnection.disconnect();
    await first.close();

    const second = await startWorker(pipeline, 300);
    try {
      const done = await finished(record.id);
      assert.equal(done?.status, 'complete', done?.error ?? undefined);
      assert.equal(done?.attempts, 1, 'it ran once, on the other worker');
      assert.equal(second.processor.runs.length, 1);
    } finally {
      await second.close();
      await queue.close();
      queueConnection.disconnect();
    }
  });
});

describe('BullMQ worker: a job its processor throws on (the work directory cannot be made)', () => {
  it('is tried again after a pause, and completes once the disk is usable', async () => {
    const pipeline = napPipeline();
    const queueConnection = new Redis(REDIS_URL);
    const queue = new Queue(queueName, { connection: queueConnection, prefix });
    const jobs = new JobService(store, new BullmqJobQueue(queue, redis, 3600));
    const workRoot = brokenWorkRoot(root);
    const worker = await startWorker(pipeline, 300, workRoot);
    try {
      const record = await jobs.accept({ pipeline, request: { seconds: 0.1 }, receipt: null });
      await until(
        async () => (await queue.getJob(record.id))?.attemptsMade ?? 0,
        (made) => made >= 1,
      );
      fs.rmSync(path.join(workRoot, 'jobs'));
      const done = await finished(record.id);
      assert.equal(done?.status, 'complete', done?.error ?? undefined);
      assert.ok(worker.processor.runs.length >= 2, `tried ${worker.processor.runs.length} times`);
    } finally {
      await worker.close();
      await queue.close();
      queueConnection.disconnect();
    }
  });

  it('fails saying why once its tries are spent, not as abandoned by its workers', async () => {
    const pipeline = napPipeline();
    const queueConnection = new Redis(REDIS_URL);
    const queue = new Queue(queueName, { connection: queueConnection, prefix });
    const jobs = new JobService(store, new BullmqJobQueue(queue, redis, 3600));
    const worker = await startWorker(pipeline, 300, brokenWorkRoot(root));
    try {
      const record = await jobs.accept({ pipeline, request: { seconds: 0.1 }, receipt: null });
      const done = await finished(record.id);
      assert.equal(done?.status, 'failed');
      assert.match(done?.error ?? '', /^the job could not be run, 3 tries: .*ENOTDIR/);
      assert.equal(worker.processor.runs.length, 3);
    } finally {
      await worker.close();
      await queue.close();
      queueConnection.disconnect();
    }
  });
});
