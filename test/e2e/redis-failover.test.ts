import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import { privateKeyToAccount } from 'viem/accounts';
import { createPaymentHeader } from 'x402/client';
import type { BullmqJobQueue } from '../../src/jobs/bullmq-job-queue.js';
import { FUNDS, fundPayers, PRICE } from '../support/base-crowd.js';
import { devnetClients } from '../support/devnet.js';
import { type Harness, pollJob, postJson, startHarness } from '../support/harness.js';
import { exited, startService } from '../support/processes.js';
import { SENTINEL_NAME, SentinelRedis } from '../support/redis-sentinel.js';
import { startRpcProxy } from '../support/rpc-proxy.js';
import { waitFor } from '../support/wait-for.js';

const PAYERS = 40;
const SPACING_MS = 150;
// Once this many payers have sent their payment, the replica is cut off the primary at the next settlement's
// broadcast, and the primary dies as soon as that payment is answered (its job, written after the broadcast, is
// lost with the primary): asynchronous replication's worst case.
const PARTITION_AT = 6;
const RUNNING_JOBS = 3;

/**
 * The replica is partitioned off, then the primary killed (SIGKILL: what it had not passed on is lost) while
 * payers keep paying and jobs run; Sentinel promotes the replica. An API process (in this test's process) and a
 * worker process find the new primary through the Sentinels.
 */
describe('Redis failover (Sentinel, one replica) during payments and jobs', () => {
  const redis = new SentinelRedis();
  let h: Harness;
  let rpc: Awaited<ReturnType<typeof startRpcProxy>>;
  let worker: ReturnType<typeof startService> | null = null;

  before(async () => {
    await redis.start();
    rpc = await startRpcProxy();
    const env = {
      REDIS_URL: '',
      REDIS_SENTINELS: redis.sentinels,
      REDIS_SENTINEL_NAME: SENTINEL_NAME,
      X402_NETWORKS: 'base',
      MPP_ENABLED: 'false',
      // The reconciler finishes what a lost write forgot within seconds, not the default minute.
      SETTLEMENT_RECONCILE_SECONDS: '3',
    };
    // Settlements reach the devnet chain through a proxy that tells the test when one is broadcast.
    h = await startHarness({ driver: 'bullmq', worker: false, env: { ...env, BASE_RPC_URL: rpc.url } });
    rpc.target = h.rt.devnet!.base!.rpcUrl;
    const { KEY_PREFIX, QUEUE_NAME, PIPELINES_DIR, WORK_DIR } = h.env;
    worker = startService({
      ...env,
      KEY_PREFIX,
      QUEUE_NAME,
      PIPELINES_DIR,
      WORK_DIR,
      ROLE: 'worker',
      WORKER_CONCURRENCY: '4',
      // A job taken just before the cut is active on the promoted replica, under a lock no worker renews (the worker
      // ended it on the dead primary) and with its record still queued: BullMQ's stalled check hands it back once
      // that lock expires, within lock + 2 intervals (45-60 s at the defaults; the test's poll allows 90 s).
      WORKER_LOCK_MS: '5000',
      WORKER_STALLED_INTERVAL_MS: '2000',
      LOG_LEVEL: 'warn',
    });
    // The scenario starts once the worker takes jobs: one still starting when the primary dies stops there (start-up
    // waits 5 s for Redis, and the worker's modules take seconds to load on a busy machine).
    const { queue } = h.rt.queue as BullmqJobQueue;
    await waitFor(async () => (await queue.getWorkersCount()) > 0, 'the worker process to take jobs', 60_000);
  });
  after(async () => {
    worker?.kill('SIGTERM');
    if (worker) await exited(worker);
    await h?.close();
    await rpc?.close();
    await redis.stop();
  });

  /** Every job record in Redis, by payer (lower-case address): the jobs that exist for each payer's payments. */
  async function jobsByPayer(): Promise<Map<string, string[]>> {
    const client = new Redis({ sentinels: redis.sentinelPorts.map((port) => ({ host: '127.0.0.1', port })), name: SENTINEL_NAME });
    try {
      const keys = (await client.keys(`${h.env.KEY_PREFIX}:job:*`)).filter((k) => !k.endsWith(':entry'));
      const byPayer = new Map<string, string[]>();
      for (const raw of await Promise.all(keys.map((k) => client.get(k)))) {
        const job = JSON.parse(raw!);
        const payer = String(job.receipt?.payer).toLowerCase();
        byPayer.set(payer, [...(byPayer.get(payer) ?? []), job.id]);
      }
      return byPayer;
    } finally {
      client.disconnect();
    }
  }

  /** Slow jobs paid for and running when the primary dies. */
  async function startRunningJobs(signer: any): Promise<string[]> {
    const slowRequirements = (await postJson(`${h.url}/slow`, { seconds: 1.5 })).json.accepts.find((a: any) => a.network === 'base');
    const running: string[] = [];
    for (let i = 0; i < RUNNING_JOBS; i++) {
      const header = await createPaymentHeader(signer, 1, slowRequirements);
      const res = await postJson(`${h.url}/slow`, { seconds: 1.5 }, { 'x-payment': header });
      assert.equal(res.status, 202, res.text);
      running.push(res.json.job_id);
    }
    return running;
  }

  /**
   * Payers paying one after another while the replica is cut off and the primary killed; `cutAt` is the payer whose
   * settlement was broadcast just after the replica was cut off, `failover` the kill and promotion.
   */
  async function payThroughFailover(headers: string[], addresses: string[]) {
    let failover: ReturnType<SentinelRedis['killPrimary']> | null = null;
    let cutAt: number | null = null;
    const answers = await Promise.all(
      headers.map(async (header, i) => {
        await new Promise((r) => setTimeout(r, i * SPACING_MS));
        if (i === PARTITION_AT) {
          rpc.beforeBroadcast = async (body) => {
            redis.partitionReplica();
            // The transfer's calldata holds its payer's address.
            cutAt = addresses.findIndex((a) => body.toLowerCase().includes(a.slice(2).toLowerCase()));
          };
        }
        const res = await postJson(`${h.url}/echo`, { text: `payer ${i}` }, { 'x-payment': header });
        if (i === cutAt) failover = redis.killPrimary();
        return { ...res, answeredAt: Date.now() };
      }),
    );
    return { answers, failover: failover as ReturnType<SentinelRedis['killPrimary']> | null, cutAt: cutAt as number | null };
  }

  /** Once the reconciler has looked at what the lost writes forgot, each payer's spend equals their jobs. */
  async function assertSpendMatchesJobs(spent: (i: number) => Promise<bigint>, addresses: string[]): Promise<void> {
    const mismatches = async () => {
      const jobs = await jobsByPayer();
      const wrong: string[] = [];
      for (let i = 0; i < PAYERS; i++) {
        const count = jobs.get(addresses[i].toLowerCase())?.length ?? 0;
        if ((await spent(i)) !== PRICE * BigInt(count)) wrong.push(`payer ${i}: spent ${await spent(i)}, ${count} job(s)`);
      }
      return wrong;
    };
    let wrong: string[] = [];
    await waitFor(async () => (wrong = await mismatches()).length === 0, 'spend to equal jobs', 60_000).catch(() => {
      assert.deepEqual(wrong, [], 'every payer charged for exactly the jobs that exist');
    });
  }

  /**
   * The job once ended; if it never ends, the error says where its queue holds it, whether the worker process still
   * runs and waits for jobs (its blocking read on the primary), and what it printed last.
   */
  async function pollJobSaying(id: string): Promise<any> {
    try {
      return await pollJob(h.url, id, 90);
    } catch (err) {
      const { queue } = h.rt.queue as BullmqJobQueue;
      const state = await queue.getJobState(id).catch((e) => `unknown (${e.message})`);
      const counts = await queue.getJobCounts('wait', 'active', 'delayed').catch((e) => e.message);
      const clients = await redis.cli(await redis.primary(), 'client', 'list');
      const blocked = clients.split('\n').filter((line) => / cmd=bzpopmin /.test(line)).length;
      const ended = worker!.exitCode ?? worker!.signalCode;
      const lines = worker!.output().split('\n');
      const others = lines.filter((line) => line && !line.includes('"redis connection error"'));
      throw new Error(
        `${(err as Error).message}; its queue holds it as ${state} (${JSON.stringify(counts)}); the worker process ` +
          `${ended === null ? 'runs' : `ended (${ended})`}, ${blocked} connection(s) wait in BZPOPMIN on the primary; ` +
          `it logged ${lines.length - 1 - others.length} Redis connection errors, and last:\n${others.slice(-20).join('\n')}`,
      );
    }
  }

  /**
   * Every accepted job completes; returns how many were created after their 202: those went down with the primary,
   * and the reconciler made them again (same id), from their claim and the chain.
   */
  async function completedAndMadeAgain(accepted: Array<{ json: any; answeredAt: number }>): Promise<number> {
    let lost = 0;
    for (const a of accepted) {
      const job = await pollJobSaying(a.json.job_id);
      assert.equal(job.status, 'complete', `job ${a.json.job_id}`);
      if (job.created_at > a.answeredAt) lost++;
    }
    return lost;
  }

  /**
   * A refused payment, resent as its 503 asked, is taken once. A payment still settling (its claim outlived the
   * failover) is answered 503 again until the reconciler finishes it: the client keeps resending, as told.
   */
  async function resendRefused(answers: Array<{ status: number }>, headers: string[]): Promise<void> {
    for (const [i, a] of answers.entries()) {
      if (a.status !== 503) continue;
      const resend = () => postJson(`${h.url}/echo`, { text: `payer ${i}` }, { 'x-payment': headers[i] });
      let resent = await resend();
      for (const deadline = Date.now() + 60_000; resent.status === 503 && Date.now() < deadline; resent = await resend()) {
        await new Promise((r) => setTimeout(r, 1000));
      }
      assert.equal(resent.status, 202, `payer ${i} resent: ${resent.text}`);
      assert.equal((await pollJob(h.url, resent.json.job_id, 60)).result.greeting, `hello payer ${i}`);
    }
  }

  it('answers each payment 202 with a job or 503 with Retry-After; every payer is charged for exactly the jobs that exist', async () => {
    const { wallet, balanceOf, dev } = devnetClients(h);
    const keys = await fundPayers(h, PAYERS);
    const unpaid = await postJson(`${h.url}/echo`, { text: 'x' });
    const requirements = unpaid.json.accepts.find((a: any) => a.network === 'base');
    const running = await startRunningJobs(wallet(dev.payerKey));

    const headers = await Promise.all(keys.map((k) => createPaymentHeader(wallet(k), 1, requirements)));
    const addresses = keys.map((k) => privateKeyToAccount(k).address);
    const { answers, failover, cutAt } = await payThroughFailover(headers, addresses);
    assert.ok(failover, `the payment broadcast after the replica was cut off (payer ${cutAt}) was answered`);
    const { promotedAfterMs } = await failover;
    // The service says when it is back (a load balancer's health check), once its connections found the new primary.
    await waitFor(async () => (await fetch(`${h.url}/healthz`)).status === 200, 'the service to be healthy again', 30_000);
    assert.equal(worker!.exitCode ?? worker!.signalCode, null, `the worker process lives through the failover:\n${worker!.output()}`);

    for (const [i, a] of answers.entries()) {
      assert.ok(a.status === 202 || a.status === 503, `payer ${i}: ${a.status} ${a.text}`);
      if (a.status === 503) assert.ok(a.headers.get('retry-after'), `payer ${i}: a 503 says when to retry`);
    }
    const accepted = answers.filter((a) => a.status === 202);
    const spent = async (i: number) => FUNDS - (await balanceOf(addresses[i]));
    await assertSpendMatchesJobs(spent, addresses);
    const charged503 = (await Promise.all(answers.map(async (a, i) => a.status === 503 && (await spent(i)) > 0n))).filter(Boolean).length;

    // Every accepted job and every job running at the failover completes.
    const lost = await completedAndMadeAgain(accepted);
    for (const id of running) assert.equal((await pollJobSaying(id)).status, 'complete', `running job ${id}`);
    assert.ok(cutAt !== null && cutAt >= 0, `a payer's settlement was broadcast after the replica was cut off (${cutAt})`);
    assert.equal(answers[cutAt].status, 202, 'that payment was answered 202 before the primary died');
    assert.ok(lost >= 1, 'its job went down with the primary, and the reconciler made it again');

    // Every payer ends charged once, with one job.
    await resendRefused(answers, headers);
    const jobs = await jobsByPayer();
    for (let i = 0; i < PAYERS; i++) {
      assert.equal(await spent(i), PRICE, `payer ${i} charged once`);
      assert.equal(jobs.get(addresses[i].toLowerCase())?.length, 1, `payer ${i} has one job`);
    }
    console.log(
      `failover: replica promoted ${promotedAfterMs} ms after the kill; ${PAYERS} payers: ${accepted.length} answered 202, ` +
        `${PAYERS - accepted.length} answered 503 (${charged503} of them charged before their resend); ${lost} accepted ` +
        `job(s) lost with the primary and made again by the reconciler; ${RUNNING_JOBS} jobs running at the kill completed`,
    );
  });
});
