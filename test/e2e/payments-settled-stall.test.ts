import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { privateKeyToAccount } from 'viem/accounts';
import { devnetClients, paidPost } from '../support/devnet.js';
import { type Harness, pollJob, REDIS_URL, startHarness } from '../support/harness.js';
import { TcpLink } from '../support/tcp-link.js';

/**
 * How late the held answers come: past REDIS_COMMAND_TIMEOUT_MS (1 s), so the command times out although it
 * landed, yet soon enough that the sender's next command (sent at the timeout) is answered in time.
 */
const LATE_MS = 1600;

/** Blocks this process's event loop, as CPU work on the main thread does (the server runs in this process). */
function busy(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until);
}

/**
 * A store or queue error after the money moved is the service's, not the job's: whatever Redis write after
 * settlement times out (its answer late, though the write landed), the payment ends in its one completed job,
 * and the payer is charged exactly what the completed jobs cost.
 */
describe('Redis answering late right after settlement (ROLE=all, BullMQ)', () => {
  const link = new TcpLink(Number(new URL(REDIS_URL).port || 6379));
  let h: Harness;
  let spentBefore: bigint;
  let payer: `0x${string}`;
  let balanceOf: (a: `0x${string}`) => Promise<bigint>;
  const jobs: any[] = [];

  before(async () => {
    await link.start();
    h = await startHarness({
      driver: 'bullmq',
      env: { REDIS_URL: `redis://127.0.0.1:${link.port}`, X402_NETWORKS: 'base', MPP_ENABLED: 'false', SETTLEMENT_RECONCILE_SECONDS: '2' },
    });
    const clients = devnetClients(h);
    balanceOf = clients.balanceOf;
    payer = privateKeyToAccount(clients.dev.payerKey).address;
    spentBefore = await balanceOf(payer);
  });
  after(async () => {
    await h?.close();
    link.close();
  });

  /** Pays /echo with `text` while the answer to the first Redis request that `matches` comes late (or `stall` runs then). */
  async function payDuring(text: string, matches: (sent: string) => boolean, affiliate: string, stall?: () => void) {
    const seen = link.lateAnswer(matches, stall ? 0 : LATE_MS).then(stall);
    const res = await paidPost(h, '/echo', { text }, { 'x-affiliate-id': affiliate });
    await seen;
    assert.equal(res.status, 202, res.text);
    const job = await pollJob(h.url, res.json.job_id, 60);
    jobs.push(job);
    assert.equal(job.status, 'complete', JSON.stringify(job));
    assert.equal(job.result.greeting, `hello ${text}`);
  }

  // The queue's job carries the job id, not the request: the one add on the queue while a payment is made is its.
  const queueAdd = (sent: string) => sent.includes(':bull:') && sent.includes('"endpoint_path":"/echo"');

  it('the queue add answered late: the job runs, never failed "could not be queued"', async () => {
    await payDuring('late add', queueAdd, 'aff-add');
  });

  it('the event loop blocked while the queue add is answered (its command times out): the job runs', async () => {
    await payDuring('blocked add', queueAdd, 'aff-blocked', () => busy(1500));
  });

  it('the job record write answered late: the job runs', async () => {
    await payDuring('late record', (sent) => sent.includes(':jobs:queued') && sent.includes('late record'), 'aff-record');
  });

  it("the affiliate's credit answered late: the job runs", async () => {
    await payDuring('late credit', (sent) => sent.includes(':affiliate:aff-credit'), 'aff-credit');
  });

  it("the claim's settled mark answered late: the job runs", async () => {
    await payDuring('late mark', (sent) => sent.includes('"state":"settled"'), 'aff-mark');
  });

  it("the payer's spend on chain is what the completed jobs cost", async () => {
    assert.equal(jobs.length, 5);
    const cost = jobs.filter((job) => job.status === 'complete').reduce((sum, job) => sum + BigInt(Math.round(job.cost_usd * 1e6)), 0n);
    assert.equal(spentBefore - (await balanceOf(payer)), cost);
  });
});
