import assert from 'node:assert/strict';
import { type Address, createPublicClient, createWalletClient, type Hex, http, publicActions } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { base } from 'viem/chains';
import type { EvmDevnet } from '../../src/devnet/evm-devnet.js';
import { DEVNET_PAY_TO } from '../../src/payments/payments.config.js';
import type { Harness } from './harness.js';

/** Clients of a harness's devnet Base: wallets that sign x402 payments, and the test USDC's balances. */
export function devnetClients(h: Harness) {
  const dev = h.rt.devnet!.base!;
  return { dev, ...chainClients(dev) };
}

/** A wallet client for any key, and the test USDC's balance of any address, on a devnet's Base chain. */
export function chainClients(dev: Pick<EvmDevnet, 'rpcUrl' | 'usdc' | 'usdcAbi'>) {
  const reader = createPublicClient({ chain: base, transport: http(dev.rpcUrl) });
  return {
    // `any`: x402@1 types its Signer against its own copy of viem; the object is the same viem wallet client.
    wallet: (key: Hex): any =>
      createWalletClient({ account: privateKeyToAccount(key), chain: base, transport: http(dev.rpcUrl) }).extend(publicActions),
    balanceOf: async (a: Address) =>
      (await reader.readContract({ address: dev.usdc, abi: dev.usdcAbi, functionName: 'balanceOf', args: [a] })) as bigint,
  };
}

/** POSTs a paid request the way an agent does: the 402's Base option, paid with the devnet's funded key by the x402 client. */
export async function paidPost(h: Harness, route: string, body: unknown, headers: Record<string, string> = {}) {
  const { createPaymentHeader } = await import('x402/client');
  const { postJson } = await import('./harness.js');
  const unpaid = await postJson(`${h.url}${route}`, body, headers);
  if (unpaid.status !== 402) return unpaid;
  const requirements = unpaid.json.accepts.find((a: any) => a.network === 'base');
  const { wallet, dev } = devnetClients(h);
  return postJson(`${h.url}${route}`, body, { ...headers, 'x-payment': await createPaymentHeader(wallet(dev.payerKey), 1, requirements) });
}

/** A paid request that must be accepted (202), then polled like a client until its job ends; returns the job. */
export async function paidJob(h: Harness, route: string, body: unknown, maxSeconds = 120) {
  const { pollJob } = await import('./harness.js');
  const res = await paidPost(h, route, body);
  if (res.status !== 202) throw new Error(`POST ${route} answered ${res.status}: ${res.text}`);
  return pollJob(h.url, res.json.job_id, maxSeconds);
}

/** The settings of a process in live mode on Base, the chain being a devnet that outlives the process (as a real network does). */
export function liveBaseEnv(chain: Pick<EvmDevnet, 'rpcUrl' | 'settlerKey'>): Record<string, string> {
  return {
    PAYMENT_MODE: 'live',
    X402_NETWORKS: 'base',
    MPP_ENABLED: 'false',
    BASE_RPC_URL: chain.rpcUrl,
    EVM_SETTLEMENT_KEY: chain.settlerKey,
    PAY_TO_BASE: DEVNET_PAY_TO.base,
  };
}

/** The devnet payer's and the service's Base test-USDC balances, read from the chain (to show what was charged). */
export function baseBalances(h: Harness): () => Promise<[bigint, bigint]> {
  const { balanceOf, dev } = devnetClients(h);
  const payer = privateKeyToAccount(dev.payerKey).address;
  const payTo = h.rt.config.payments.payToBase as Address;
  return async () => [await balanceOf(payer), await balanceOf(payTo)];
}

/** A paid request refused before settlement: 422 naming `reason` and saying nothing was charged, and no USDC moved. */
export async function assertRefusedUnpaid(h: Harness, route: string, body: Record<string, unknown>, reason: RegExp): Promise<void> {
  const balances = baseBalances(h);
  const before = await balances();
  const res = await paidPost(h, route, body);
  assert.equal(res.status, 422, `${route} ${JSON.stringify(body)}: ${res.text}`);
  assert.match(res.json.error, reason);
  assert.match(res.json.error, /Nothing was charged\.$/);
  assert.deepEqual(await balances(), before, `${route}: no USDC moved`);
}
