import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { after, describe, it } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { startHarness } from '../support/harness.js';
import { PrivateRedis } from '../support/private-redis.js';
import { stallFor } from '../support/stall.js';

describe('/healthz with Redis', () => {
  const redis = new PrivateRedis();
  after(() => redis.kill());

  it('is 200 while Redis answers, 503 naming Redis (promptly) while it is down, 200 again when it is back', async () => {
    await redis.start();
    // API role only: a BullMQ Worker whose Redis went away does not close (taskforcesh/bullmq#4656).
    const h = await startHarness({ driver: 'bullmq', worker: false, env: { REDIS_URL: redis.url } });
    try {
      const up = await fetch(`${h.url}/healthz`);
      assert.equal(up.status, 200);
      assert.deepEqual(await up.json(), { status: 'ok', role: 'all', queue: 'bullmq', pipelines: 6, dependencies: { redis: 'up' } });
      await redis.kill();
      const down = await fetch(`${h.url}/healthz`);
      assert.equal(down.status, 503);
      assert.equal(down.headers.get('retry-after'), '5');
      assert.deepEqual(await down.json(), {
        status: 'unavailable',
        error: 'Redis does not answer',
        role: 'all',
        queue: 'bullmq',
        pipelines: 6,
        dependencies: { redis: 'down' },
      });

      await redis.start();
      let status = 0;
      for (let i = 0; i < 100 && status !== 200; i++) {
        status = (await fetch(`${h.url}/healthz`)).status;
        if (status !== 200) await new Promise((r) => setTimeout(r, 100));
      }
      assert.equal(status, 200, 'healthy again once Redis is back');
    } finally {
      await h.close();
    }
  });
});

describe('an API process whose main thread is busy while Redis answers', () => {
  const redis = new PrivateRedis();
  after(() => redis.kill());

  it('answers /healthz and GET /jobs/{id} 200, not 503: a reply that came during the stall came in time', async () => {
    await redis.start();
    // The service runs in this process, so the test can stall it.
    const h = await startHarness({ driver: 'bullmq', worker: false, env: { REDIS_URL: redis.url } });
    try {
      const job = await h.rt.jobs.accept({ pipeline: h.rt.pipelines.byPath('/echo')!, request: { text: 'stall' }, receipt: null });
      const answered: Record<string, number> = {};
      for (const path of ['/healthz', `/jobs/${job.id}`]) {
        // Redis holds every reply for 600 ms; the service's request is in and its command sent within the first 300.
        execFileSync('redis-cli', ['-p', String(redis.port), 'client', 'pause', '600', 'ALL']);
        const answer = fetch(`${h.url}${path}`);
        await delay(300);
        // Busy past the 1 s the service gives Redis, the reply arriving meanwhile.
        await stallFor(1500);
        answered[path] = (await answer).status;
      }
      assert.deepEqual(answered, { '/healthz': 200, [`/jobs/${job.id}`]: 200 });
    } finally {
      await h.close();
    }
  });
});
