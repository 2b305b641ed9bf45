import assert from 'node:assert/strict';
import type { Address, Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createPaymentHeader } from 'x402/client';
import type { EvmDevnet } from '../../src/devnet/evm-devnet.js';
import { assertJobsGreetPayers, assertOneJobPerPayer } from './crowd.js';
import { devnetClients } from './devnet.js';
import { type Harness, postJson } from './harness.js';

export const PAYERS = 50;
export const PRICE = 10_000n; // /echo costs 0.01 USDC
export const FUNDS = 50_000n;

/** The two calls minting needs, of a viem wallet client extended with publicActions. */
interface Minter {
  writeContract(args: { address: Address; abi: readonly unknown[]; functionName: 'mint'; args: [Address, bigint] }): Promise<Hex>;
  waitForTransactionReceipt(args: { hash: Hex }): Promise<unknown>;
}

/** Funds `count` new payers on the devnet's Base from its minting key, one after another. */
export async function fundPayers(h: Harness, count: number): Promise<Hex[]> {
  const { wallet, dev } = devnetClients(h);
  return mintToNewPayers(wallet(dev.settlerKey), dev, count);
}

/** `count` new keys, each minted FUNDS of the test USDC by `minter` (a wallet client that holds the minting key). */
export async function mintToNewPayers(minter: Minter, token: Pick<EvmDevnet, 'usdc' | 'usdcAbi'>, count: number): Promise<Hex[]> {
  const keys = Array.from({ length: count }, () => generatePrivateKey());
  for (const key of keys) {
    const hash = await minter.writeContract({
      address: token.usdc,
      abi: token.usdcAbi,
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
  assertOneJobPerPayer(answers, keys.length);
  for (const key of keys) assert.equal(await balanceOf(privateKeyToAccount(key).address), FUNDS - PRICE, 'each payer charged once');
  const payTo = (await (await fetch(`${h.url}/devnet`)).json()).base.pay_to as Address;
  assert.equal(await balanceOf(payTo), payToBefore + PRICE * BigInt(keys.length));
  await assertJobsGreetPayers(h.url, answers);
}

/**
 * The crowd of PAYERS on Base, spread over the processes given (whatever Redis, or none, they share): funded,
 * paying at once, each charged once (against the pay-to's balance before).
 */
export async function crowdPays(servers: Harness[]): Promise<void> {
  const keys = await fundPayers(servers[0], PAYERS);
  const payTo = (await (await fetch(`${servers[0].url}/devnet`)).json()).base.pay_to as Address;
  const before = await devnetClients(servers[0]).balanceOf(payTo);
  await assertEachChargedOnce(servers[0], keys, await payAtOnce(servers, keys), before);
}
