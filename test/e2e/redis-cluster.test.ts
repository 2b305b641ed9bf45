import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { privateKeyToAccount } from 'viem/accounts';
import { createPaymentHeader } from 'x402/client';
import { crowdPays } from '../support/base-crowd.js';
import { devnetClients } from '../support/devnet.js';
import { type Harness, pollJob, postJson, startHarness } from '../support/harness.js';
import { exited, startService } from '../support/processes.js';
import { RedisCluster } from '../support/redis-cluster.js';

/**
 * The service on a Redis Cluster of three primaries: two API processes (in this test's process) and a worker
 * process, meeting only through the cluster.
 */
describe('on a Redis Cluster (three primaries): API and worker processes', () => {
  const cluster = new RedisCluster();
  const servers: Harness[] = [];
  let worker: ReturnType<typeof startService> | null = null;

  before(async () => {
    await cluster.start();
    const env = {
      REDIS_URL: '',
      REDIS_CLUSTER_NODES: cluster.nodes,
      REDIS_PASSWORD: cluster.password,
      X402_NETWORKS: 'base',
      MPP_ENABLED: 'false',
    };
    const first = await startHarness({ driver: 'bullmq', worker: false, env });
    const { KEY_PREFIX, QUEUE_NAME, PIPELINES_DIR, WORK_DIR } = first.env;
    const shared = { ...env, KEY_PREFIX, QUEUE_NAME };
    servers.push(
      first,
      await startHarness({ driver: 'bullmq', worker: false, env: { ...shared, BASE_RPC_URL: first.rt.devnet!.base!.rpcUrl } }),
    );
    worker = startService({ ...shared, ROLE: 'worker', PIPELINES_DIR, WORK_DIR, LOG_LEVEL: 'warn' });
  });
  after(async () => {
    worker?.kill('SIGTERM');
    if (worker) await exited(worker);
    for (const s of servers.reverse()) await s.close();
    await cluster.stop();
  });

  it('runs a paid job; the same payment resent names the same job, for another request it is refused; every key shares one slot', async () => {
    const [h] = servers;
    const { balanceOf, wallet, dev } = devnetClients(h);
    const payer = privateKeyToAccount(dev.payerKey).address;
    const before = await balanceOf(payer);
    const body = { text: 'on a cluster' };
    const unpaid = await postJson(`${h.url}/echo`, body);
    assert.equal(unpaid.status, 402, unpaid.text);
    const header = await createPaymentHeader(
      wallet(dev.payerKey),
      1,
      unpaid.json.accepts.find((a: any) => a.network === 'base'),
    );
    const paid = await postJson(`${h.url}/echo`, body, { 'x-payment': header });
    assert.equal(paid.status, 202, paid.text);
    const job = await pollJob(h.url, paid.json.job_id, 60);
    assert.equal(job.status, 'complete', JSON.stringify(job));
    assert.equal(job.result.greeting, 'hello on a cluster');

    const resent = await postJson(`${servers[1].url}/echo`, body, { 'x-payment': header });
    assert.equal(resent.status, 202, resent.text);
    assert.equal(resent.json.job_id, paid.json.job_id, 'a resend names the same job');
    const reused = await postJson(`${servers[1].url}/echo`, { text: 'something else' }, { 'x-payment': header });
    assert.equal(reused.status, 409, reused.text);
    assert.equal(await balanceOf(payer), before - 10_000n, 'charged once');

    const keys = await cluster.keys();
    const prefix = `{${h.env.KEY_PREFIX}}:`;
    assert.ok(
      keys.some((k) => k.startsWith(`${prefix}bull:`)),
      `BullMQ's keys carry the tag: ${keys.slice(0, 5)}`,
    );
    assert.deepEqual(
      keys.filter((k) => !k.startsWith(prefix)),
      [],
      'every key carries the hash tag',
    );
  });

  it('takes 50 payers paying at once, spread over both API processes: one job each, each charged once', () => crowdPays(servers));
});
