import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { address, createKeyPairSignerFromBytes, getBase58Decoder } from '@solana/kit';
import { createTokenAccount } from '../../src/devnet/svm-devnet.js';
import { type Harness, pollJob, postJson, startHarness } from '../support/harness.js';
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

  const refused = answers.filter((a) => a.status !== 202);
  assert.equal(refused.length, 0, `${refused.length} of ${PAYERS} refused, e.g. ${refused[0]?.status} ${refused[0]?.text}`);
  assert.equal(new Set(answers.map((a) => a.json.job_id)).size, PAYERS, 'one job per payer');
  for (const p of payers) assert.equal(await chain.balanceOf(p.address), FUNDS - PRICE, 'each payer charged once');
  assert.equal(await chain.balanceOf(dev.pay_to), before + PRICE * BigInt(PAYERS));
  const jobs = await Promise.all(answers.map((a) => pollJob(servers[0].url, a.json.job_id, 120)));
  jobs.forEach((job, i) => {
    assert.equal(job.status, 'complete');
    assert.equal(job.result.greeting, `hello payer ${i}`);
  });
}

describe(`${PAYERS} payers paying /echo on Solana at the same instant (memory queue)`, () => {
  let h: Harness;
  before(async () => {
    h = await startHarness({ env: SOLANA_ONLY });
  });
  after(() => h.close());

  it('all get 202 and one job each, each charged once', () => payAtOnce([h]));
});

describe(`${PAYERS} payers paying /echo on Solana at the same instant (Redis, two API processes)`, () => {
  let first: Harness;
  let second: Harness;
  before(async () => {
    first = await startHarness({ driver: 'bullmq', env: SOLANA_ONLY });
    // The second process shares the first one's Redis prefix, queue and chain (the devnet's fee payer and mint are fixed keys).
    const { KEY_PREFIX, QUEUE_NAME } = first.env;
    second = await startHarness({
      driver: 'bullmq',
      env: { ...SOLANA_ONLY, KEY_PREFIX, QUEUE_NAME, SOLANA_RPC_URL: first.rt.devnet!.solana!.rpcUrl },
    });
  });
  after(async () => {
    await second.close();
    await first.close();
  });

  it('all get 202 and one job each, each charged once, whichever process took the payment', () => payAtOnce([first, second]));
});
