import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, describe, it } from 'node:test';
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { type Logger, pino } from 'pino';
import { waitFor } from '../../test/support/wait-for.js';
import { JobCancelled } from '../pipelines/job-cancelled.js';
import type { RedisConnections } from '../redis/redis-connections.js';
import { createBullJobWorker } from './bull-job-worker.js';
import type { QueuedJob } from './job.types.js';
import type { JobProcessor } from './job-processor.js';
import type { JobsConfig } from './jobs.config.js';

/**
 * The BullMQ worker on a real Redis (own key prefix): a job whose lock is lost is cancelled, as handed over, and what
 * BullMQ then refuses is logged.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const id = randomUUID().slice(0, 8);
const prefix = `vidint-test-${id}:bull`;
const connections: Redis[] = [];
const connect = (opts: Record<string, unknown> = {}) => {
  const c = new Redis(REDIS_URL, opts);
  connections.push(c);
  return c;
};
after(async () => {
  const redis = connections[0];
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length) await redis.del(...keys);
  for (const c of connections) c.disconnect();
});

/**
 * What @nestjs/bullmq does with the @Processor: a BullJobWorker whose Worker calls its process(), the worker's events
 * routed to its handlers. No stalled-job check: only a lost lock is under test.
 */
function hostedWorker(queueName: string, processor: JobProcessor, logger: Logger): Worker {
  const config = {
    queueName,
    workerConcurrency: 1,
    workerLockMs: 1000,
    workerStalledIntervalMs: 600_000,
    workerMaxStalled: 1,
  } as JobsConfig;
  const patient = { patient: () => connect({ maxRetriesPerRequest: null }), logged: () => false } as unknown as RedisConnections;
  const host = createBullJobWorker(config, prefix, processor, patient, logger);
  const worker = new Worker(queueName, (job, token) => host.process(job, token), {
    connection: patient.patient(),
    prefix,
    concurrency: 1,
    lockDuration: 1000,
    stalledInterval: 600_000,
  });
  (host as unknown as { _worker: Worker })._worker = worker;
  worker.on('lockRenewalFailed', (ids) => host.onLockLost(ids));
  worker.on('error', (err) => host.onError(err));
  return worker;
}

describe('BullMQ worker: cancellation', () => {
  it("aborts a running job's signal, as handed over, when its lock is lost to another worker, and logs BullMQ's refusal to end it", async () => {
    let started = false;
    let reason: unknown = null;
    // The job processor's part, as the worker calls it: waits until the job is stopped.
    const processor = {
      async process(_job: QueuedJob, signal: AbortSignal) {
        started = true;
        await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
        reason = signal.reason;
      },
      async fail() {},
    } as unknown as JobProcessor;
    const queueName = `q-${id}`;
    const logged: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => void logged.push(line) });
    const worker = hostedWorker(queueName, processor, logger);
    let failure: Error | undefined;
    worker.on('failed', (_job, err) => {
      failure = err;
    });
    const queue = new Queue(queueName, { connection: connect(), prefix });
    const jobId = randomUUID();
    // The job carries its entry, as a release before QueueTicket enqueued it.
    await queue.add('run', { job_id: jobId, endpoint_path: '/x', request: {} }, { jobId });
    // A job that fails at once (no worker handed to the host) fails the test with BullMQ's error, not a timeout.
    await waitFor(
      async () => {
        if (failure) throw new Error(`the job did not start: ${failure.message}`);
        return started;
      },
      'the job to start',
      10_000,
    );
    // Another worker taking the job over replaces its lock; deleting it is the same to this worker.
    const redis = connect();
    assert.equal(await redis.del(`${prefix}:${queueName}:${jobId}:lock`), 1);
    await waitFor(async () => reason !== null, "the job's signal to abort", 5_000);
    assert.ok(reason instanceof JobCancelled, `aborted with ${String(reason)}`);
    assert.equal(reason.handedOver, true);
    assert.equal(reason.message, "this worker lost the job's lock; another worker runs it");
    // BullMQ cannot end here a job whose lock is gone; what it says, the operator reads in the log.
    const refusal = `Missing lock for job ${jobId}. moveToFinished`;
    await waitFor(() => logged.some((line) => line.includes(refusal)), `"${refusal}" in the log: ${logged}`, 5_000);
    assert.equal(JSON.parse(logged.find((line) => line.includes(refusal))!).msg, 'job worker error');
    await worker.close(true);
    await queue.close();
  });
});
