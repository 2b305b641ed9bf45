import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { type Harness, pollJob, REDIS_URL, startHarness } from '../support/harness.js';
import { exited, startService } from '../support/processes.js';

/**
 * ROLE=api in this process, ROLE=worker in child processes sharing Redis. A worker is killed with
 * SIGKILL in the middle of a job; another worker picks the job up through BullMQ's stalled-job check
 * and the job completes, once.
 */
describe('a worker that dies mid-job', () => {
  let api: Harness;
  const children: Array<ReturnType<typeof startService>> = [];
  const lock = { WORKER_LOCK_MS: '1500', WORKER_STALLED_INTERVAL_MS: '700' };

  before(async () => {
    api = await startHarness({ driver: 'bullmq', worker: false, env: lock });
  });
  after(async () => {
    for (const c of children) c.kill('SIGKILL');
    await api.close();
  });

  const worker = () => {
    const { REDIS_URL: redis, KEY_PREFIX, QUEUE_NAME, PIPELINES_DIR, WORK_DIR } = api.env;
    const child = startService({ ROLE: 'worker', REDIS_URL: redis, KEY_PREFIX, QUEUE_NAME, PIPELINES_DIR, WORK_DIR, LOG_LEVEL: 'info', ...lock });
    children.push(child);
    return child;
  };

  it('leaves its job to another worker, which completes it once', async () => {
    const first = worker();
    const { id } = await api.rt.jobs.accept({ pipeline: api.rt.pipelines.byPath('/echo')!, request: { text: 'survivor', pause: 2 }, receipt: null });
    // Wait until the first worker is running it.
    for (let i = 0; i < 200; i++) {
      const r = await api.rt.store.get(id);
      if (r?.status === 'processing') break;
      await new Promise((res) => setTimeout(res, 50));
    }
    assert.equal((await api.rt.store.get(id))?.status, 'processing', first.output());
    first.kill('SIGKILL');
    await exited(first);

    const second = worker();
    const job = await pollJob(api.url, id, 30);
    assert.equal(job.status, 'complete', `${job.error}\n${second.output()}`);
    assert.equal(job.result.greeting, 'hello survivor');
    const record = await api.rt.store.get(id);
    assert.equal(record?.attempts, 2, 'the second worker ran it after the first died');
    assert.match(second.output(), new RegExp(`"job_id":"${id}".*"msg":"job complete"`));

    const connection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
    const queue = new Queue(api.env.QUEUE_NAME, { connection, prefix: `${api.env.KEY_PREFIX}:bull` });
    try {
      const counts = await queue.getJobCounts('completed', 'failed', 'active', 'wait');
      assert.deepEqual(counts, { completed: 1, failed: 0, active: 0, wait: 0 });
    } finally {
      await queue.close();
      connection.disconnect();
    }
  });
});
