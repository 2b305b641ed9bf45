import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createPaymentHeader } from 'x402/client';
import { devnetClients } from '../support/devnet.js';
import { type Harness, pollJob, postJson, startHarness } from '../support/harness.js';
import { mppCredential, tempoBalance } from '../support/mpp-client.js';
import { PrivateRedis } from '../support/private-redis.js';
import { svmClients } from '../support/svm.js';

/** What a client sees while the Redis behind the service hangs: prompt 503s, nothing charged, nothing lost. */
describe('Redis outage (a Redis that stops answering)', () => {
  const redis = new PrivateRedis();
  let h: Harness;
  let wallet: ReturnType<typeof devnetClients>['wallet'];
  let balanceOf: ReturnType<typeof devnetClients>['balanceOf'];
  let dev: any;

  before(async () => {
    await redis.start();
    h = await startHarness({ driver: 'bullmq', env: { REDIS_URL: redis.url } });
    ({ wallet, balanceOf } = devnetClients(h));
    dev = await (await fetch(`${h.url}/devnet`)).json();
  });
  after(async () => {
    redis.thaw();
    await h?.close();
    await redis.kill();
  });

  /** A fresh x402 payment for `route` from the devnet's funded test payer. */
  async function payment(route: string, body: unknown): Promise<string> {
    const unpaid = await postJson(`${h.url}${route}`, body);
    assert.equal(unpaid.status, 402, unpaid.text);
    return createPaymentHeader(
      wallet(dev.base.test_payer.private_key),
      1,
      unpaid.json.accepts.find((a: any) => a.network === 'base'),
    );
  }

  it('answers 503 with Retry-After within 2 s, charges nothing, and works again with every job and payment intact', async () => {
    const running = await postJson(`${h.url}/slow`, { seconds: 1.5 }, { 'x-payment': await payment('/slow', { seconds: 1.5 }) });
    assert.equal(running.status, 202, running.text);
    const echoBody = { text: 'during the outage' };
    const header = await payment('/echo', echoBody);
    const payerBefore = await balanceOf(dev.base.test_payer.address);

    redis.freeze();
    try {
      let started = Date.now();
      const poll = await fetch(`${h.url}/jobs/${running.json.job_id}`);
      const pollMs = Date.now() - started;
      assert.equal(poll.status, 503);
      assert.equal(poll.headers.get('retry-after'), '5');
      assert.match(((await poll.json()) as any).error, /Redis.*not answering/);
      assert.ok(pollMs < 2000, `GET /jobs/{id} answered in ${pollMs} ms`);

      started = Date.now();
      const paid = await postJson(`${h.url}/echo`, echoBody, { 'x-payment': header });
      const paidMs = Date.now() - started;
      assert.equal(paid.status, 503, paid.text);
      assert.equal(paid.headers.get('retry-after'), '5');
      assert.ok(paidMs < 2000, `the paid POST answered in ${paidMs} ms`);
      assert.equal(await balanceOf(dev.base.test_payer.address), payerBefore, 'nothing was charged during the outage');

      const health = await fetch(`${h.url}/healthz`);
      assert.equal(health.status, 503);
      assert.deepEqual(((await health.json()) as any).dependencies, { redis: 'down' });
    } finally {
      redis.thaw();
    }

    // The job that was running when Redis hung finishes: the worker waited it out.
    const job = await pollJob(h.url, running.json.job_id, 60);
    assert.equal(job.status, 'complete', JSON.stringify(job));

    // The same payment, resent after the outage, is taken once.
    const resent = await postJson(`${h.url}/echo`, echoBody, { 'x-payment': header });
    assert.equal(resent.status, 202, resent.text);
    assert.equal(await balanceOf(dev.base.test_payer.address), payerBefore - 10000n, 'charged exactly once');
    const echoed = await pollJob(h.url, resent.json.job_id);
    assert.equal(echoed.result.greeting, 'hello during the outage');
  });

  it('answers 503 at once while Redis is stopped (connection refused), and takes payments again when it is back', async () => {
    const body = { text: 'after the restart' };
    const header = await payment('/echo', body);
    const payerBefore = await balanceOf(dev.base.test_payer.address);
    await redis.kill();
    try {
      const started = Date.now();
      const poll = await fetch(`${h.url}/jobs/00000000-0000-4000-8000-000000000000`);
      const paid = await postJson(`${h.url}/echo`, body, { 'x-payment': header });
      const ms = Date.now() - started;
      assert.equal(poll.status, 503);
      assert.equal(paid.status, 503, paid.text);
      assert.ok(ms < 2000, `both answered in ${ms} ms`);
      assert.equal(await balanceOf(dev.base.test_payer.address), payerBefore, 'nothing was charged');
    } finally {
      await redis.start();
    }
    let resent = await postJson(`${h.url}/echo`, body, { 'x-payment': header });
    for (let i = 0; i < 50 && resent.status === 503; i++) {
      await new Promise((r) => setTimeout(r, 100)); // the fail-fast connection reconnects on its own
      resent = await postJson(`${h.url}/echo`, body, { 'x-payment': header });
    }
    assert.equal(resent.status, 202, resent.text);
    assert.equal(await balanceOf(dev.base.test_payer.address), payerBefore - 10000n, 'charged exactly once');
    assert.equal((await pollJob(h.url, resent.json.job_id)).status, 'complete');
  });

  it('answers an MPP or a Solana paid POST 503 within 2 s while Redis hangs, charging nothing; each is taken once after', async () => {
    const solana = svmClients(dev.solana);
    const tempoOf = (account: string) => tempoBalance(dev.tempo.rpc_url, dev.tempo.chain_id, dev.tempo.currency, account as `0x${string}`);
    const bodies = { mpp: { text: 'mpp during the outage' }, solana: { text: 'solana during the outage' } };
    const challenge = (await postJson(`${h.url}/echo`, bodies.mpp)).headers.get('www-authenticate')!;
    const privateKey = dev.tempo.test_payer.private_key;
    const authorization = await mppCredential({ challenge, rpcUrl: dev.tempo.rpc_url, privateKey, mode: 'pull' });
    const requirements = (await postJson(`${h.url}/echo`, bodies.solana)).json.accepts.find((a: any) => a.network === 'solana');
    const xPayment = await solana.pay(dev.solana.test_payer.secret_key, requirements);
    const before = { mpp: await tempoOf(dev.tempo.pay_to), solana: await solana.balanceOf(dev.solana.pay_to) };
    const send = {
      mpp: () => postJson(`${h.url}/echo`, bodies.mpp, { authorization }),
      solana: () => postJson(`${h.url}/echo`, bodies.solana, { 'x-payment': xPayment }),
    };

    redis.freeze();
    try {
      for (const rail of ['mpp', 'solana'] as const) {
        const started = Date.now();
        const paid = await send[rail]();
        const ms = Date.now() - started;
        assert.equal(paid.status, 503, `${rail}: ${paid.text}`);
        assert.equal(paid.headers.get('retry-after'), '5');
        assert.ok(ms < 2000, `${rail}: the paid POST answered in ${ms} ms`);
      }
      assert.equal(await tempoOf(dev.tempo.pay_to), before.mpp, 'nothing was charged on Tempo during the outage');
      assert.equal(await solana.balanceOf(dev.solana.pay_to), before.solana, 'nothing was charged on Solana during the outage');
    } finally {
      redis.thaw();
    }

    // The same payments, resent after the outage, are each taken once.
    for (const rail of ['mpp', 'solana'] as const) {
      const resent = await send[rail]();
      assert.equal(resent.status, 202, `${rail}: ${resent.text}`);
      assert.equal((await send[rail]()).json.job_id, resent.json.job_id, `${rail}: a second resend names the same job`);
      assert.equal((await pollJob(h.url, resent.json.job_id)).result.greeting, `hello ${bodies[rail].text}`);
    }
    assert.equal(await tempoOf(dev.tempo.pay_to), before.mpp + 10000n, 'charged exactly once on Tempo');
    assert.equal(await solana.balanceOf(dev.solana.pay_to), before.solana + 10000n, 'charged exactly once on Solana');
  });
});
