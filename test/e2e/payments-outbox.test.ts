import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { type Address, parseSignature } from 'viem';
import { createPaymentHeader } from 'x402/client';
import { devnetClients } from '../support/devnet.js';
import { type Driver, type Harness, pollJob, postJson, startHarness } from '../support/harness.js';
import { startRpcProxy } from '../support/rpc-proxy.js';

const ADMIN_TOKEN = 'operator-token-for-outbox-tests-0123';

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
      await h.close();
      await proxy.close();
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
      const id = randomUUID();
      // What a process that died between writing the record and enqueueing it leaves behind.
      const progress = { step: null, steps_done: 0, steps_total: 4 };
      const record = { id, endpoint_path: '/echo', status: 'queued' as const, created_at: Date.now(), cost_usd: 0.01, progress };
      await h.rt.store.create(
        { ...record, receipt: null, affiliate_id: null, engines: {}, warnings: [], attempts: 0 },
        { job_id: id, endpoint_path: '/echo', pipeline: h.rt.pipelines.byPath('/echo')!.source, request: { text: 'orphan', pause: 0 } },
      );
      assert.equal(await h.rt.queue.holds(id), false);
      const job = await pollJob(h.url, id);
      assert.equal(job.status, 'complete', JSON.stringify(job));
      assert.equal(job.result.greeting, 'hello orphan');
    });
  });
