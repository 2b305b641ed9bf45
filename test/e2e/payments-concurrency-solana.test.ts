import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { address, createKeyPairSignerFromBytes, getBase58Decoder } from '@solana/kit';
import { createTokenAccount } from '../../src/devnet/svm-devnet.js';
import { assertJobsGreetPayers, assertOneJobPerPayer, describeCrowd } from '../support/crowd.js';
import { type Harness, postJson } from '../support/harness.js';
import { svmClients } from '../support/svm.js';

const PAYERS = 50;
const PRICE = 10_000n; // /echo costs 0.01 USDC
const FUNDS = 50_000n;
const SOLANA_ONLY = { X402_NETWORKS: 'solana', MPP_ENABLED: 'false' };

/** `count` new payers holding FUNDS test USDC each, minted on the devnet (they need no SOL: the server pays fees). */
async function fundPayers(h: Harness, count: number): Promise<Array<{ address: string; secret: string }>> {
  const { svm, mint } = h.rt.devnet!.solana!;
  const payers = [];
  for (let i = 0; i < count; i++) {
    const jwk = generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' });
    const bytes = new Uint8Array([...Buffer.from(jwk.d!, 'base64url'), ...Buffer.from(jwk.x!, 'base64url')]);
    const signer = await createKeyPairSignerFromBytes(bytes);
    await createTokenAccount(svm, address(mint), signer.address, FUNDS);
    payers.push({ address: signer.address, secret: getBase58Decoder().decode(bytes) });
  }
  return payers;
}

/**
 * Many agents paying at the same instant on Solana: the server co-signs every transfer as fee payer, in
 * one process and across processes sharing Redis and the chain.
 */
async function payAtOnce(servers: Harness[]) {
  const dev = (await (await fetch(`${servers[0].url}/devnet`)).json()).solana;
  const chain = svmClients(dev);
  const payers = await fundPayers(servers[0], PAYERS);
  const requirements = (await postJson(`${servers[0].url}/echo`, { text: 'crowd' })).json.accepts.find((a: any) => a.network === 'solana');
  const headers = await Promise.all(payers.map((p) => chain.pay(p.secret, requirements)));
  const before = await chain.balanceOf(dev.pay_to);
  const answers = await Promise.all(
    headers.map((header, i) => postJson(`${servers[i % servers.length].url}/echo`, { text: `payer ${i}` }, { 'x-payment': header })),
  );

  assertOneJobPerPayer(answers, PAYERS);
  for (const p of payers) assert.equal(await chain.balanceOf(p.address), FUNDS - PRICE, 'each payer charged once');
  assert.equal(await chain.balanceOf(dev.pay_to), before + PRICE * BigInt(PAYERS));
  await assertJobsGreetPayers(servers[0].url, answers);
}

// A second process settles on the first one's chain (the devnet's fee payer and mint are fixed keys).
describeCrowd(
  `${PAYERS} payers paying /echo on Solana at the same instant`,
  SOLANA_ONLY,
  (first) => ({ SOLANA_RPC_URL: first.rt.devnet!.solana!.rpcUrl }),
  payAtOnce,
);
