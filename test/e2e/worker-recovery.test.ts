import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import type { BullmqJobQueue } from '../../src/jobs/bullmq-job-queue.js';
import { type Harness, pollJob, REDIS_URL, startHarness } from '../support/harness.js';
import { exited, startService } from '../support/processes.js';
import { serviceQueueCounts } from '../support/queue-counts.js';

/**
 * ROLE=api in this process, ROLE=worker in child processes sharing Redis. A worker is killed with
 * SIGKILL in the middle of a job; BullMQ's stalled-job check in another worker takes it from there.
 */
async function apiWithWorkers(maxStalled: number) {
  const lock = { WORKER_LOCK_MS: '1500', WORKER_STALLED_INTERVAL_MS: '700', WORKER_MAX_STALLED: String(maxStalled) };
  const api = await startHarness({ driver: 'bullmq', worker: false, env: lock });
  const children: Array<ReturnType<typeof startService>> = [];
  const worker = () => {
    const { REDIS_URL: redis, KEY_PREFIX, QUEUE_NAME, PIPELINES_DIR, WORK_DIR } = api.env;
    const child = startService({
      ROLE: 'worker',
      REDIS_URL: redis,
      KEY_PREFIX,
      QUEUE_NAME,
      PIPELINES_DIR,
      WORK_DIR,
      LOG_LEVEL: 'info',
      ...lock,
    });
    children.push(child);
    return child;
  };
  /** Waits (bounded) until a worker process is ready: start-up is slow on a loaded machine. */
  const ready = async (child: ReturnType<typeof startService>) => {
    for (let i = 0; i < 1200 && !child.output().includes('"msg":"worker started"'); i++) await new Promise((r) => setTimeout(r, 50));
    assert.match(child.output(), /"msg":"worker started"/);
  };
  /** Accepts a 2-second job, waits until a fresh worker runs it, and kills that worker. */
  const acceptAndKillItsWorker = async () => {
    const first = worker();
    await ready(first);
    const { id } = await api.rt.jobs.accept({
      pipeline: api.rt.pipelines.byPath('/echo')!,
      request: { text: 'survivor', pause: 2 },
      receipt: null,
    });
    for (let i = 0; i < 200 && (await api.rt.store.get(id))?.status !== 'processing'; i++) await new Promise((r) => setTimeout(r, 50));
    assert.equal((await api.rt.store.get(id))?.status, 'processing', first.output());
    first.kill('SIGKILL');
    await exited(first);
    return id;
  };
  const close = async () => {
    for (const c of children) c.kill('SIGKILL');
    await Promise.all(children.map(exited));
    await api.close();
  };
  return { api, worker, acceptAndKillItsWorker, close };
}

describe('a worker that dies mid-job', () => {
  let ctx: Awaited<ReturnType<typeof apiWithWorkers>>;
  after(() => ctx?.close());

  it('leaves its job to another worker, which completes it once', async () => {
    ctx = await apiWithWorkers(2);
    const id = await ctx.acceptAndKillItsWorker();
    const second = ctx.worker();
    const job = await pollJob(ctx.api.url, id, 30);
    assert.equal(job.status, 'complete', `${job.error}\n${second.output()}`);
    assert.equal(job.result.greeting, 'hello survivor');
    assert.equal((await ctx.api.rt.store.get(id))?.attempts, 2, 'the second worker ran it after the first died');
    // The worker logs the end after writing it: its line may still be on its way when the poll sees the end.
    const completed = new RegExp(`"job_id":"${id}".*"msg":"job complete"`);
    for (let i = 0; i < 100 && !completed.test(second.output()); i++) await new Promise((r) => setTimeout(r, 50));
    assert.match(second.output(), completed);
    assert.deepEqual(await serviceQueueCounts(ctx.api.env, 'completed', 'failed', 'active', 'wait'), {
      completed: 1,
      failed: 0,
      active: 0,
      wait: 0,
    });
  });
});

describe('a job whose workers keep dying', () => {
  let ctx: Awaited<ReturnType<typeof apiWithWorkers>>;
  after(() => ctx?.close());

  it('fails with a clear error once BullMQ gives up on it, instead of staying processing', async () => {
    ctx = await apiWithWorkers(0);
    const id = await ctx.acceptAndKillItsWorker();
    ctx.worker();
    const job = await pollJob(ctx.api.url, id, 30);
    assert.equal(job.status, 'failed');
    assert.match(job.error, /abandoned after its workers stopped repeatedly/);
    assert.deepEqual(await serviceQueueCounts(ctx.api.env, 'completed', 'failed', 'active', 'wait'), {
      completed: 0,
      failed: 1,
      active: 0,
      wait: 0,
    });
  });
});

/** The job store's keys of job `id` (its record, its entry, the indexes), each as DUMP and PTTL give it. */
async function storeKeysOf(redis: Redis, prefix: string, id: string): Promise<Map<string, { dump: Buffer; ttl: number }>> {
  const keys = [...(await redis.keys(`${prefix}:job:${id}*`)), ...(await redis.keys(`${prefix}:jobs:*`))];
  const saved = new Map<string, { dump: Buffer; ttl: number }>();
  for (const key of keys) saved.set(key, { dump: (await redis.dumpBuffer(key))!, ttl: await redis.pttl(key) });
  return saved;
}

/**
 * With Sentinel's asynchronous replication a worker's last writes can be acknowledged by a primary that dies before
 * passing them on: here the record of a job's end (and its entry's removal) is lost while BullMQ's completion, sent
 * after the primary died and retried, lands on the promoted replica. The job store's keys are put back as they were
 * while the job ran; BullMQ's keep the job completed.
 */
describe('a job whose record of its end a failover lost', () => {
  let h: Harness;
  let redis: Redis;
  before(async () => {
    h = await startHarness({ driver: 'bullmq', env: { SETTLEMENT_RECONCILE_SECONDS: '1' } });
    redis = new Redis(REDIS_URL);
  });
  after(async () => {
    redis?.disconnect();
    await h?.close();
  });

  it('is run again and ends in its result, although its queue holds it completed', async () => {
    const { id } = await h.rt.jobs.accept({
      pipeline: h.rt.pipelines.byPath('/echo')!,
      request: { text: 'lost end', pause: 1 },
      receipt: null,
    });
    for (let i = 0; i < 200 && (await h.rt.store.get(id))?.status !== 'processing'; i++) await new Promise((r) => setTimeout(r, 25));
    const prefix = h.env.KEY_PREFIX;
    const whileRunning = await storeKeysOf(redis, prefix, id);
    assert.equal((await pollJob(h.url, id, 30)).status, 'complete');

    for (const key of (await storeKeysOf(redis, prefix, id)).keys()) if (!whileRunning.has(key)) await redis.del(key);
    for (const [key, { dump, ttl }] of whileRunning) await redis.restore(key, Math.max(ttl, 0), dump, 'REPLACE');
    const queue = (h.rt.queue as BullmqJobQueue).queue;
    assert.equal((await h.rt.store.get(id))?.status, 'processing', 'the record as the failover left it');
    assert.equal(await queue.getJobState(id), 'completed', 'the queue as the failover left it');

    const job = await pollJob(h.url, id, 30);
    assert.equal(job.status, 'complete', JSON.stringify(job));
    assert.equal(job.result.greeting, 'hello lost end');
    assert.equal((await h.rt.store.get(id))?.attempts, 2, 'run a second time');
    assert.equal(await queue.getJobState(id), 'completed');
  });
});
