import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import { type Address, parseSignature } from 'viem';
import { createPaymentHeader } from 'x402/client';
import type { BullmqJobQueue } from '../../src/jobs/bullmq-job-queue.js';
import { devnetClients } from '../support/devnet.js';
import { type Driver, type Harness, pollJob, postJson, REDIS_URL, startHarness } from '../support/harness.js';
import { startRpcProxy } from '../support/rpc-proxy.js';
import { waitFor } from '../support/wait-for.js';

const ADMIN_TOKEN = 'operator-token-for-outbox-tests-0123';

/** What a process that died between writing a job's record and enqueueing it leaves behind: the job's id. */
async function recordUnqueued(h: Harness, text: string): Promise<string> {
  const id = randomUUID();
  const progress = { step: null, steps_done: 0, steps_total: 4 };
  const record = { id, endpoint_path: '/echo', status: 'queued' as const, created_at: Date.now(), cost_usd: 0.01, progress };
  await h.rt.store.create(
    { ...record, receipt: null, affiliate_id: null, engines: {}, warnings: [], attempts: 0 },
    { job_id: id, endpoint_path: '/echo', pipeline: h.rt.pipelines.byPath('/echo')!.source, request: { text, pause: 0 } },
  );
  return id;
}

/**
 * Settlements left unfinished (the settling process died at the broadcast, or the chain could not be
 * read) are finished by the reconciler from the recorded intent: a transfer that landed becomes its job
 * without the client resending anything, and a later resend finds that job.
 */
for (const driver of ['memory', 'bullmq'] as Driver[])
  describe(`the settlement outbox and its reconciler (${driver})`, () => {
    let h: Harness;
    let proxy: Awaited<ReturnType<typeof startRpcProxy>>;
    let balanceOf: (a: Address) => Promise<bigint>;
    let wallet: any;
    let requirements: any;

    /** Waits (bounded) until the operator's ledger shows a payment by `affiliate`: its job exists. */
    async function ledgerShows(affiliate: string, seconds = 30) {
      const deadline = Date.now() + seconds * 1000;
      for (;;) {
        const ledger: any = await (
          await fetch(`${h.url}/admin/affiliates`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })
        ).json();
        if (ledger.affiliates.some((a: any) => a.affiliate_id === affiliate)) return;
        if (Date.now() > deadline) throw new Error(`no payment by ${affiliate} after ${seconds} s`);
        await new Promise((r) => setTimeout(r, 200));
      }
    }

    before(async () => {
      proxy = await startRpcProxy();
      h = await startHarness({
        driver,
        env: { BASE_RPC_URL: proxy.url, SETTLEMENT_RECONCILE_SECONDS: '1', X402_NETWORKS: 'base', MPP_ENABLED: 'false', ADMIN_TOKEN },
      });
      proxy.target = h.rt.devnet!.base!.rpcUrl;
      const clients = devnetClients(h);
      balanceOf = clients.balanceOf;
      wallet = clients.wallet(h.rt.devnet!.base!.payerKey);
      requirements = (await postJson(`${h.url}/echo`, { text: 'x' })).json.accepts[0];
    });
    after(async () => {
      await h?.close();
      await proxy?.close();
    });

    it('a transfer executed on chain after the settling process died becomes its job without any resend', async () => {
      proxy.mode = 'crash-at-broadcast';
      const before = await balanceOf(requirements.payTo);
      const header = await createPaymentHeader(wallet, 1, requirements);
      const res = await postJson(`${h.url}/echo`, { text: 'crashed' }, { 'x-payment': header, 'x-affiliate-id': `crash-${driver}` });
      assert.equal(res.status, 503, res.text);
      assert.doesNotMatch(res.json.error, /Nothing was charged/i);
      // The broadcast the dead process made lands: the authorization is executed on chain directly.
      const auth = JSON.parse(Buffer.from(header, 'base64').toString()).payload;
      const { r, s, v } = parseSignature(auth.signature);
      const a = auth.authorization;
      const dev = h.rt.devnet!.base!;
      await wallet.waitForTransactionReceipt({
        hash: await wallet.writeContract({
          address: dev.usdc,
          abi: dev.usdcAbi,
          functionName: 'transferWithAuthorization',
          args: [a.from, a.to, BigInt(a.value), BigInt(a.validAfter), BigInt(a.validBefore), a.nonce, Number(v), r, s],
        }),
      });
      proxy.mode = 'pass';
      await ledgerShows(`crash-${driver}`);

      const resentAt = Date.now();
      const resent = await postJson(`${h.url}/echo`, { text: 'crashed' }, { 'x-payment': header, 'x-affiliate-id': `crash-${driver}` });
      assert.equal(resent.status, 202, resent.text);
      const job = await pollJob(h.url, resent.json.job_id);
      assert.equal(job.status, 'complete');
      assert.ok(job.created_at < resentAt, 'the job was made by the reconciler, before the resend');
      assert.equal(job.result.greeting, 'hello crashed');
      assert.equal(await balanceOf(requirements.payTo), before + 10000n, 'charged once');
    });

    it('a settlement whose answer was lost while the chain was unreadable is finished once the chain answers', async () => {
      proxy.mode = 'down-after-broadcast';
      const before = await balanceOf(requirements.payTo);
      const header = await createPaymentHeader(wallet, 1, requirements);
      const res = await postJson(`${h.url}/echo`, { text: 'unreadable' }, { 'x-payment': header, 'x-affiliate-id': `lost-${driver}` });
      assert.equal(res.status, 503, res.text);
      proxy.mode = 'pass';
      await ledgerShows(`lost-${driver}`);
      const resent = await postJson(`${h.url}/echo`, { text: 'unreadable' }, { 'x-payment': header });
      assert.equal(resent.status, 202, resent.text);
      assert.equal((await pollJob(h.url, resent.json.job_id)).status, 'complete');
      const again = await postJson(`${h.url}/echo`, { text: 'unreadable' }, { 'x-payment': header });
      assert.equal(again.json.job_id, resent.json.job_id, 'no second job');
      assert.equal(await balanceOf(requirements.payTo), before + 10000n, 'charged once');
    });

    it('a job recorded queued that was never put on the queue (its writer died in between) is run', async () => {
      const id = await recordUnqueued(h, 'orphan');
      assert.equal(await h.rt.queue.holds(id), false);
      const job = await pollJob(h.url, id);
      assert.equal(job.status, 'complete', JSON.stringify(job));
      assert.equal(job.result.greeting, 'hello orphan');
    });

    if (driver === 'bullmq')
      it('a job recorded queued whose queue entry ended without running it (its record was missing then, as after a failover) is run', async () => {
        const id = await recordUnqueued(h, 'lost');
        const redis = new Redis(REDIS_URL);
        const key = `${h.env.KEY_PREFIX}:job:${id}`;
        // The worker finds the entry but no record ("job record is gone"), so BullMQ keeps the entry as completed.
        await redis.rename(key, `${key}:away`);
        await h.rt.queue.enqueue({ job_id: id, endpoint_path: '/echo' });
        const bull = (h.rt.queue as BullmqJobQueue).queue;
        await waitFor(async () => (await bull.getJobState(id)) === 'completed', 'the entry to end', 10_000);
        // Then the record is back, still queued: a lost status write, or a record the reconciler made again.
        await redis.rename(`${key}:away`, key);
        redis.disconnect();
        const job = await pollJob(h.url, id);
        assert.equal(job.status, 'complete', JSON.stringify(job));
        assert.equal(job.result.greeting, 'hello lost');
      });

    if (driver === 'bullmq')
      it('a waiting job whose request is no longer in Redis (evicted) fails saying so instead of waiting forever', async () => {
        const id = await recordUnqueued(h, 'evicted');
        const redis = new Redis(REDIS_URL);
        assert.equal(await redis.del(`${h.env.KEY_PREFIX}:job:${id}:entry`), 1);
        redis.disconnect();
        const job = await pollJob(h.url, id);
        assert.equal(job.status, 'failed', JSON.stringify(job));
        assert.equal(job.error, 'the request of this job is no longer stored (expired or evicted), so it cannot run');
      });
  });

/**
 * With BullMQ the queue carries only a job's id: the request (an image, on the image routes) stays in the job store,
 * and an API process that puts a waiting job back on the queue (a resend, the requeuer) never loads it.
 */
describe('an API process that puts a waiting job back on the queue (bullmq, no worker running)', () => {
  let h: Harness;
  let client: Redis;
  let monitor: Redis;
  const entryReads: string[] = [];

  before(async () => {
    h = await startHarness({
      driver: 'bullmq',
      worker: false,
      env: { SETTLEMENT_RECONCILE_SECONDS: '1', X402_NETWORKS: 'base', MPP_ENABLED: 'false' },
    });
    client = new Redis(REDIS_URL);
    monitor = await client.monitor();
    monitor.on('monitor', (_time: string, args: string[]) => {
      if (args.some((a) => a.startsWith(`${h.env.KEY_PREFIX}:job:`) && a.endsWith(':entry')) && !/^(set|eval|evalsha)$/i.test(args[0]))
        entryReads.push(args.join(' '));
    });
  });
  after(async () => {
    monitor.disconnect();
    client.disconnect();
    await h?.close();
  });

  it('a paid request resent while its job waits gets the same job, and its request is not read back', async () => {
    const { wallet, dev } = devnetClients(h);
    const requirements = (await postJson(`${h.url}/echo`, { text: 'resent' })).json.accepts.find((a: any) => a.network === 'base');
    const header = await createPaymentHeader(wallet(dev.payerKey), 1, requirements);
    const first = await postJson(`${h.url}/echo`, { text: 'resent' }, { 'x-payment': header });
    assert.equal(first.status, 202, first.text);
    const again = await postJson(`${h.url}/echo`, { text: 'resent' }, { 'x-payment': header });
    assert.equal(again.status, 202, again.text);
    assert.equal(again.json.job_id, first.json.job_id);
    assert.equal((await h.rt.store.get(first.json.job_id))?.status, 'queued');
    assert.deepEqual(entryReads, []);
  });

  it('a job recorded queued that was never put on the queue is put there without its request being read', async () => {
    const id = await recordUnqueued(h, 'orphan');
    for (let i = 0; i < 200 && !(await h.rt.queue.holds(id)); i++) await new Promise((r) => setTimeout(r, 100));
    assert.equal(await h.rt.queue.holds(id), true, 'the requeuer put the job on the queue');
    assert.deepEqual(entryReads, []);
  });
});
