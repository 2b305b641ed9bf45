import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { after, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import type { Address, Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { createPaymentHeader } from 'x402/client';
import { freePort } from '../../src/devnet/anvil.js';
import { type EvmDevnet, startEvmDevnet } from '../../src/devnet/evm-devnet.js';
import { RedisClaimStore } from '../../src/payments/claim-store.js';
import { DEVNET_PAY_TO } from '../../src/payments/payments.config.js';
import { FUNDS, mintToNewPayers, PRICE } from '../support/base-crowd.js';
import { chainClients, liveBaseEnv } from '../support/devnet.js';
import { deleteKeys, FIXTURE_PIPELINES, type Harness, pollJob, postJson, REDIS_URL, startHarness } from '../support/harness.js';
import { exited, startService } from '../support/processes.js';

const PAYERS = 30;

/** A POST that may meet a process going away: its answer, or status 0 when the connection broke. */
async function tryPost(url: string, body: unknown, headers: Record<string, string>) {
  try {
    return await postJson(url, body, headers);
  } catch (err) {
    return { status: 0, json: null, text: String((err as Error).cause ?? err), headers: new Headers() };
  }
}

async function until(check: () => boolean | Promise<boolean>, what: string, seconds = 60): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${seconds} s: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Waits until the reconciler has finished every payment left settling under the key prefix. */
async function noPaymentSettling(keyPrefix: string): Promise<void> {
  const redis = new Redis(REDIS_URL);
  const claims = new RedisClaimStore(redis, keyPrefix);
  try {
    await until(async () => (await claims.settling(Date.now() + 1, 10)).length === 0, 'no payment left settling', 60);
  } finally {
    redis.disconnect();
  }
}

/**
 * An API process (live mode, on a chain that outlives it, as a real network does) stopped with SIGTERM while a
 * crowd of payers is being settled; then a new API process takes over the same Redis.
 */
describe('an API process stopped (SIGTERM) while many payments are being settled', () => {
  let chain: EvmDevnet;
  let api: ReturnType<typeof startService> | null = null;
  let next: Harness | null = null;
  const id = randomUUID().slice(0, 8);
  const KEY_PREFIX = `vidint-test-${id}`;
  after(async () => {
    api?.kill('SIGKILL');
    if (api) await exited(api);
    await next?.close();
    await chain?.stop();
    await deleteKeys(`${KEY_PREFIX}*`);
  });

  /** Starts the API process and waits until it listens; its URL. */
  async function startApi(env: Record<string, string>): Promise<string> {
    const port = await freePort();
    api = startService({ ...env, ROLE: 'api', PORT: String(port), LOG_LEVEL: 'info' });
    await until(() => api!.output().includes('"msg":"listening"') || api!.exitCode !== null, 'the API listens');
    return `http://127.0.0.1:${port}`;
  }

  /**
   * Sends every payment at once and stops the API as soon as the first is answered: the others are in flight, some
   * settling, some not yet read. Returns the answers and what the process printed.
   */
  async function payWhileStopping(url: string, headers: string[]) {
    let stopped = false;
    const answers = await Promise.all(
      headers.map((header, i) =>
        tryPost(`${url}/echo`, { text: `payer ${i}` }, { 'x-payment': header }).then((a) => {
          if (!stopped) {
            stopped = true;
            api!.kill('SIGTERM');
          }
          return a;
        }),
      ),
    );
    const stoppedAt = Date.now();
    assert.equal(await exited(api!), 0, api!.output());
    // Within the grace an orchestrator gives by default (Kubernetes: 30 s) before it kills the process.
    assert.ok(Date.now() - stoppedAt < 30_000, `the stopped process took ${Date.now() - stoppedAt} ms to exit`);
    const apiOutput = api!.output();
    api = null;
    return { answers, apiOutput };
  }

  /**
   * Checks each payer's charge against the answer it got, resending (to the next process) the payments charged without
   * a 202; returns what was charged and the job of every settled payment.
   */
  async function chargesAndJobs(
    keys: Hex[],
    answers: Awaited<ReturnType<typeof tryPost>>[],
    headers: string[],
    balanceOf: (a: Address) => Promise<bigint>,
    diagnosis: string,
  ): Promise<{ charged: bigint; jobIds: Set<string> }> {
    let charged = 0n;
    const jobIds = new Set<string>();
    for (const [i, key] of keys.entries()) {
      const paid = FUNDS - (await balanceOf(privateKeyToAccount(key).address));
      assert.ok(paid === 0n || paid === PRICE, `payer ${i} paid ${paid}`);
      charged += paid;
      const answer = answers[i];
      if (answer.status === 202) {
        assert.equal(paid, PRICE, `payer ${i} got a 202 and was charged`);
        jobIds.add(answer.json.job_id);
        continue;
      }
      // Refused by the stopping process before anything read the payment: to be sent again, to another process.
      assert.equal(answer.status, 503, `payer ${i}: ${answer.status} ${answer.text}`);
      assert.ok(answer.headers.get('retry-after'), 'a 503 says when to retry');
      assert.match(answer.json.error, /shutting down|resend|retry/i);
      if (paid === 0n) continue; // not charged, and may pay again
      // Charged without a 202: the job exists already, made by the reconciler; a resend of the payment finds it.
      const resentAt = Date.now();
      const resent = await postJson(`${next!.url}/echo`, { text: `payer ${i}` }, { 'x-payment': headers[i] });
      assert.equal(resent.status, 202, `payer ${i}: ${resent.text}\n${diagnosis}`);
      const job = await pollJob(next!.url, resent.json.job_id, 60);
      assert.ok(job.created_at < resentAt, 'the job was made before the resend');
      jobIds.add(resent.json.job_id);
    }
    return { charged, jobIds };
  }

  it('loses no payment: each payer charged equals one job, and whoever got no 202 was not charged or has the job the reconciler made', async () => {
    chain = await startEvmDevnet();
    const { balanceOf, wallet } = chainClients(chain);
    const keys = await mintToNewPayers(wallet(chain.settlerKey), chain, PAYERS);
    const env = {
      REDIS_URL,
      KEY_PREFIX,
      QUEUE_NAME: `q-${id}`,
      PIPELINES_DIR: FIXTURE_PIPELINES,
      ...liveBaseEnv(chain),
      SETTLEMENT_RECONCILE_SECONDS: '1',
    };
    const url = await startApi(env);
    const offer = await postJson(`${url}/echo`, { text: 'crowd' });
    assert.equal(offer.status, 402, offer.text);
    const requirements = offer.json.accepts.find((a: any) => a.network === 'base');
    const headers = await Promise.all(keys.map((k) => createPaymentHeader(wallet(k), 1, requirements)));
    const payToBefore = await balanceOf(DEVNET_PAY_TO.base as Address);
    const { answers, apiOutput } = await payWhileStopping(url, headers);

    // The next API process (running jobs too) takes over: its reconciler finishes what the stopped one left settling.
    next = await startHarness({ driver: 'bullmq', env: { ...env, PORT: '0' } });
    await noPaymentSettling(KEY_PREFIX);
    const statuses: Record<number, number> = {};
    for (const a of answers) statuses[a.status] = (statuses[a.status] ?? 0) + 1;
    const diagnosis = `answers ${JSON.stringify(statuses)}; ${answers.find((a) => a.status !== 202)?.text}\n${apiOutput.slice(-3000)}`;
    const { charged, jobIds } = await chargesAndJobs(keys, answers, headers, balanceOf, diagnosis);
    assert.equal(await balanceOf(DEVNET_PAY_TO.base as Address), payToBefore + charged, 'the pay-to received what the payers paid');
    assert.equal(BigInt(jobIds.size) * PRICE, charged, `one job per settled payment (${diagnosis})`);
    for (const jobId of jobIds) {
      const job = await pollJob(next.url, jobId, 90);
      assert.equal(job.status, 'complete', job.error);
      assert.equal(job.receipt.amount, String(PRICE));
    }
    const counts = await next.rt.queue.counts();
    assert.equal(
      counts.completed + counts.active + counts.waiting,
      jobIds.size,
      `no job beyond one per payment: ${JSON.stringify(counts)}`,
    );
    console.log(`# answers before the stop: ${JSON.stringify(statuses)}; charged ${charged / PRICE} of ${PAYERS}`);
  });
});

describe('a request that arrives while an API process drains', () => {
  let h: Harness | null = null;
  let socket: net.Socket | null = null;
  after(async () => {
    socket?.destroy();
    await h?.close();
  });

  it('is answered 503 with Retry-After and Connection: close, while the request taken before the drain gets its answer', async () => {
    h = await startHarness();
    const { port } = new URL(h.url);
    // A POST whose body is half sent: taken before the drain, so the drain waits for it.
    const body = JSON.stringify({ text: 'in flight' });
    const post = net.connect(Number(port), '127.0.0.1');
    socket = post;
    let answer = '';
    post.on('data', (d) => void (answer += d));
    const ended = new Promise((resolve) => post.once('close', resolve));
    post.write(
      `POST /echo HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    post.write(body.slice(0, 5));
    await until(async () => (await fetch(`${h!.url}/healthz`)).status === 200, 'the POST is taken');
    const closing = h.close();
    h = null;
    let refused: Response | null = null;
    await until(
      async () => {
        refused = await fetch(`http://127.0.0.1:${port}/jobs/${randomUUID()}`);
        return refused.status === 503;
      },
      'a 503 from the draining process',
      10,
    );
    const res = refused as unknown as Response;
    assert.equal(res.headers.get('retry-after'), '1');
    assert.equal(res.headers.get('connection'), 'close');
    assert.match((await res.json()).error, /shutting down.*nothing was charged/i);
    post.end(body.slice(5));
    await ended;
    assert.match(answer, /^HTTP\/1\.1 402 /, 'the POST taken before the drain is answered (402: it carried no payment)');
    await closing;
  });
});
