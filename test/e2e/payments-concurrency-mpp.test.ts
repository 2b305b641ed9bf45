import assert from 'node:assert/strict';
import { createClient, createPublicClient, type Hex, http, isAddressEqual, parseEventLogs } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { tempoModerato } from 'viem/chains';
import { Abis, Actions } from 'viem/tempo';
import { assertJobsGreetPayers, assertOneJobPerPayer, describeCrowd } from '../support/crowd.js';
import { type Harness, postJson } from '../support/harness.js';
import { mppCredential, tempoBalance } from '../support/mpp-client.js';

const PAYERS = 50;
const PRICE = 10_000n; // /echo costs 0.01 USD
const FUNDS = 1_000_000n; // the price and the transaction fees (paid in the same token)
const MPP_ONLY_TEMPO = { X402_NETWORKS: 'solana', MPP_ENABLED: 'true' };

/** `count` new payers, each sent FUNDS of the devnet's stablecoin by its funded test key, one after another. */
async function fundPayers(tempo: any, count: number): Promise<Hex[]> {
  const chain = { ...tempoModerato, id: tempo.chain_id, rpcUrls: { default: { http: [tempo.rpc_url] } } };
  const funder = createClient({ chain, transport: http(tempo.rpc_url), account: privateKeyToAccount(tempo.test_payer.private_key) });
  const keys = Array.from({ length: count }, () => generatePrivateKey());
  for (const key of keys)
    await Actions.token.transferSync(funder, { to: privateKeyToAccount(key).address, amount: FUNDS, token: tempo.currency });
  return keys;
}

/** Transactions on chain that moved exactly the price from `payer` to the recipient. */
function paymentsBy(logs: ReturnType<typeof parseEventLogs>, payer: string, recipient: string): number {
  const txs = new Set(
    logs
      .filter(
        (e: any) => isAddressEqual(e.args.from, payer as Hex) && isAddressEqual(e.args.to, recipient as Hex) && e.args.amount === PRICE,
      )
      .map((e) => e.transactionHash),
  );
  return txs.size;
}

/**
 * Many agents paying with MPP at the same instant, each answering a challenge of its own with a signed
 * transfer the server broadcasts (pull), in one process and across processes sharing Redis and the node.
 */
async function payAtOnce(servers: Harness[]) {
  const { tempo } = await (await fetch(`${servers[0].url}/devnet`)).json();
  const client = createPublicClient({
    chain: { ...tempoModerato, id: tempo.chain_id, rpcUrls: { default: { http: [tempo.rpc_url] } } },
    transport: http(tempo.rpc_url),
  });
  const keys = await fundPayers(tempo, PAYERS);
  const credentials = await Promise.all(
    keys.map(async (privateKey, i) => {
      const challenge = (await postJson(`${servers[i % servers.length].url}/echo`, { text: `payer ${i}` })).headers.get(
        'www-authenticate',
      )!;
      return mppCredential({ challenge, rpcUrl: tempo.rpc_url, privateKey, mode: 'pull' });
    }),
  );
  const before = await tempoBalance(tempo.rpc_url, tempo.chain_id, tempo.currency, tempo.pay_to);
  const fromBlock = await client.getBlockNumber({ cacheTime: 0 });
  const answers = await Promise.all(
    credentials.map((authorization, i) => postJson(`${servers[i % servers.length].url}/echo`, { text: `payer ${i}` }, { authorization })),
  );

  assertOneJobPerPayer(answers, PAYERS);
  assert.equal(await tempoBalance(tempo.rpc_url, tempo.chain_id, tempo.currency, tempo.pay_to), before + PRICE * BigInt(PAYERS));
  const logs = parseEventLogs({
    abi: Abis.tip20,
    logs: await client.getLogs({ address: tempo.currency, fromBlock, toBlock: 'latest' }),
    eventName: ['Transfer', 'TransferWithMemo'],
  });
  for (const key of keys) assert.equal(paymentsBy(logs, privateKeyToAccount(key).address, tempo.pay_to), 1, 'each payer charged once');
  await assertJobsGreetPayers(servers[0].url, answers);
}

// A second process settles on the first one's Tempo node.
describeCrowd(
  `${PAYERS} payers paying /echo with MPP at the same instant`,
  MPP_ONLY_TEMPO,
  (first) => ({ TEMPO_RPC_URL: first.rt.devnet!.tempo!.rpcUrl }),
  payAtOnce,
);
