import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { after, describe, it } from 'node:test';
import { startHarness } from '../support/harness.js';
import { exited } from '../support/processes.js';

/** A private Redis on its own port, so stopping it does not disturb other tests. */
async function privateRedis(port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  for (let i = 0; i < 50; i++) {
    const ok = await new Promise<boolean>((r) => {
      const p = spawn('redis-cli', ['-p', String(port), 'ping'], { stdio: ['ignore', 'pipe', 'ignore'] });
      let out = '';
      p.stdout.on('data', (d) => (out += d));
      p.on('close', () => r(out.includes('PONG')));
    });
    if (ok) return child;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('private redis-server did not start');
}

describe('/healthz with Redis', () => {
  const port = 20000 + Math.floor(Math.random() * 20000);
  let redis: ChildProcess;
  after(() => redis?.kill('SIGKILL'));

  it('is 200 while Redis answers, 503 (promptly) while it is down, 200 again when it is back', async () => {
    redis = await privateRedis(port);
    // API role only: a BullMQ Worker whose Redis went away does not close (taskforcesh/bullmq#4656).
    const h = await startHarness({ driver: 'bullmq', worker: false, env: { REDIS_URL: `redis://127.0.0.1:${port}` } });
    try {
      const up = await fetch(`${h.url}/healthz`);
      assert.equal(up.status, 200);
      assert.deepEqual(await up.json(), { status: 'ok', role: 'all', queue: 'bullmq', pipelines: 6 });
      redis.kill('SIGKILL');
      await exited(redis);
      const down = await fetch(`${h.url}/healthz`);
      assert.equal(down.status, 503);
      assert.deepEqual(await down.json(), { error: 'Redis does not answer' });

      redis = await privateRedis(port);
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
