import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Address, Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createPaymentHeader } from 'x402/client';
import { devnetClients } from '../support/devnet.js';
import { type Harness, pollJob, postJson, startHarness } from '../support/harness.js';

const PAYERS = 50;
const PRICE = 10_000n; // /echo costs 0.01 USDC
const FUNDS = 50_000n;

/** Funds `count` new payers on the devnet's Base from its minting key, one after another. */
async function fundPayers(h: Harness, count: number): Promise<Hex[]> {
  const { wallet, dev } = devnetClients(h);
  const minter = wallet(dev.settlerKey);
  const keys = Array.from({ length: count }, () => generatePrivateKey());
  for (const key of keys) {
    const hash = await minter.writeContract({
      address: dev.usdc,
      abi: dev.usdcAbi,
      functionName: 'mint',
      args: [privateKeyToAccount(key).address, FUNDS],
    });
    await minter.waitForTransactionReceipt({ hash });
  }
  return keys;
}

/**
 * Many agents paying at the same instant: every Base settlement is sent from the one settling account,
 * so its transaction nonces must be handed out in order, in one process and across processes.
 */
async function payAtOnce(servers: Harness[], keys: Hex[]) {
  const { wallet } = devnetClients(servers[0]);
  const unpaid = await postJson(`${servers[0].url}/echo`, { text: 'crowd' });
  assert.equal(unpaid.status, 402);
  const requirements = unpaid.json.accepts.find((a: any) => a.network === 'base');
  const headers = await Promise.all(keys.map((k) => createPaymentHeader(wallet(k), 1, requirements)));
  return Promise.all(
    headers.map((header, i) => postJson(`${servers[i % servers.length].url}/echo`, { text: `payer ${i}` }, { 'x-payment': header })),
  );
}

async function assertEachChargedOnce(h: Harness, keys: Hex[], answers: Awaited<ReturnType<typeof payAtOnce>>, payToBefore: bigint) {
  const { balanceOf } = devnetClients(h);
  const refused = answers.filter((a) => a.status !== 202);
  assert.equal(refused.length, 0, `${refused.length} of ${keys.length} refused, e.g. ${refused[0]?.status} ${refused[0]?.text}`);
  const ids = new Set(answers.map((a) => a.json.job_id));
  assert.equal(ids.size, keys.length, 'one job per payer');
  for (const key of keys) assert.equal(await balanceOf(privateKeyToAccount(key).address), FUNDS - PRICE, 'each payer charged once');
  const payTo = (await (await fetch(`${h.url}/devnet`)).json()).base.pay_to as Address;
  assert.equal(await balanceOf(payTo), payToBefore + PRICE * BigInt(keys.length));
  const jobs = await Promise.all(answers.map((a, i) => pollJob(h.url, a.json.job_id, 120).then((job) => [i, job] as const)));
  for (const [i, job] of jobs) {
    assert.equal(job.status, 'complete');
    assert.equal(job.result.greeting, `hello payer ${i}`);
  }
}

describe(`${PAYERS} payers paying /echo on Base at the same instant (memory queue)`, () => {
  let h: Harness;
  before(async () => {
    h = await startHarness({ env: { X402_NETWORKS: 'base', MPP_ENABLED: 'false' } });
  });
  after(() => h.close());

  it('all get 202 and one job each, each charged once', async () => {
    const keys = await fundPayers(h, PAYERS);
    const payTo = (await (await fetch(`${h.url}/devnet`)).json()).base.pay_to as Address;
    const before = await devnetClients(h).balanceOf(payTo);
    await assertEachChargedOnce(h, keys, await payAtOnce([h], keys), before);
  });
});

describe(`${PAYERS} payers paying /echo on Base at the same instant (Redis, two API processes)`, () => {
  let first: Harness;
  let second: Harness;
  before(async () => {
    first = await startHarness({ driver: 'bullmq', env: { X402_NETWORKS: 'base', MPP_ENABLED: 'false' } });
    // The second process shares the first one's Redis prefix, queue and chain (its RPC URL).
    const { KEY_PREFIX, QUEUE_NAME } = first.env;
    second = await startHarness({
      driver: 'bullmq',
      env: { X402_NETWORKS: 'base', MPP_ENABLED: 'false', KEY_PREFIX, QUEUE_NAME, BASE_RPC_URL: first.rt.devnet!.base!.rpcUrl },
    });
  });
  after(async () => {
    await second.close();
    await first.close();
  });

  it('all get 202 and one job each, each charged once, whichever process took the payment', async () => {
    const keys = await fundPayers(first, PAYERS);
    const payTo = (await (await fetch(`${first.url}/devnet`)).json()).base.pay_to as Address;
    const before = await devnetClients(first).balanceOf(payTo);
    await assertEachChargedOnce(first, keys, await payAtOnce([first, second], keys), before);
  });
});
