import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { startHarness } from '../support/harness.js';
import { PrivateRedis } from '../support/private-redis.js';

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
