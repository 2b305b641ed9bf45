import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { after, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import { BullmqJobQueue } from '../../src/jobs/bullmq-job-queue.js';
import { JobCancelled } from '../../src/jobs/job-cancelled.js';

/** The BullMQ queue on a real Redis (own key prefix): a job whose lock is lost is cancelled, as handed over. */
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

describe('BullMQ job queue: cancellation', () => {
  it("aborts a running job's signal, as handed over, when its lock is lost to another worker", async () => {
    const queue = new BullmqJobQueue({
      connection: connect(),
      connectWorker: () => connect({ maxRetriesPerRequest: null }),
      queueName: `q-${id}`,
      prefix,
      concurrency: 1,
      lockMs: 1000,
      // No stalled-job check during the test: only the lost lock is under test.
      stalledIntervalMs: 600_000,
      maxStalled: 1,
      retentionSeconds: 60,
    });
    let started = false;
    let reason: unknown = null;
    await queue.startWorker(
      async (_job, signal) => {
        started = true;
        await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
        reason = signal.reason;
      },
      async () => undefined,
    );
    const jobId = randomUUID();
    await queue.enqueue({ job_id: jobId, endpoint_path: '/x', request: {} });
    while (!started) await delay(20);
    // Another worker taking the job over replaces its lock; deleting it is the same to this worker.
    const redis = connect();
    assert.equal(await redis.del(`${prefix}:q-${id}:${jobId}:lock`), 1);
    for (let i = 0; i < 100 && reason === null; i++) await delay(50);
    assert.ok(reason instanceof JobCancelled, `aborted with ${String(reason)}`);
    assert.equal(reason.handedOver, true);
    assert.equal(reason.message, "this worker lost the job's lock; another worker runs it");
    await queue.close();
  });
});
