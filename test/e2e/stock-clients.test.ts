import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createKeyPairSignerFromBytes, getBase58Encoder } from '@solana/kit';
import { ExactEvmScheme } from '@x402/evm';
import { decodePaymentResponseHeader, wrapFetchWithPaymentFromConfig } from '@x402/fetch';
import { ExactSvmScheme } from '@x402/svm';
import { Mppx, tempo } from 'mppx/client';
import { createClient, createWalletClient, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { base, tempoModerato } from 'viem/chains';
import { wrapFetchWithPayment } from 'x402-fetch';
import { USDC_BASE, USDC_SOLANA } from '../../src/chains/networks.js';
import { devnetClients } from '../support/devnet.js';
import { FIXTURE_PIPELINES, type Harness, pollJob, startHarness } from '../support/harness.js';
import { tempoBalance } from '../support/mpp-client.js';
import { svmClients } from '../support/svm.js';

/**
 * The clients agents use today, each set up as its README shows it, against the devnet: only the key and
 * the RPC URL are the devnet's. Each pays once and gets its 202 and a complete job.
 */
describe('stock clients pay the devnet unmodified', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stock-clients-'));
  let h: Harness;
  let dev: any;
  const echo = fs.readFileSync(path.join(FIXTURE_PIPELINES, 'echo.yaml'), 'utf8');
  fs.writeFileSync(path.join(dir, 'echo.yaml'), echo);
  // Above x402-fetch's default limit of 0.10 USDC, like six of the eight shipped routes.
  fs.writeFileSync(
    path.join(dir, 'premium.yaml'),
    echo.replace('path: /echo', 'path: /premium').replace('price_usd: "0.01"', 'price_usd: "0.50"'),
  );

  const post = (text: string) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text }) });

  /** A 202 answer's complete job: the greeting it was asked for. */
  async function completes(res: Response, text: string) {
    const body: any = await res.json();
    assert.equal(res.status, 202, JSON.stringify(body));
    const job = await pollJob(h.url, body.job_id);
    assert.equal(job.status, 'complete');
    assert.equal(job.result.greeting, `hello ${text}`);
    return job;
  }

  before(async () => {
    h = await startHarness({ env: { PIPELINES_DIR: dir } });
    dev = await (await fetch(`${h.url}/devnet`)).json();
  });
  after(async () => {
    await h?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("serves the test USDC at the real networks' USDC addresses", () => {
    assert.equal(dev.base.usdc, USDC_BASE);
    assert.equal(dev.solana.usdc_mint, USDC_SOLANA);
  });

  it('@x402/fetch (v2) with ExactEvmScheme pays on Base: PAYMENT-SIGNATURE, answered with PAYMENT-RESPONSE', async () => {
    const { balanceOf } = devnetClients(h);
    const before = await balanceOf(dev.base.pay_to);
    const account = privateKeyToAccount(dev.base.test_payer.private_key);
    const fetchWithPayment = wrapFetchWithPaymentFromConfig(fetch, {
      schemes: [{ network: 'eip155:8453', client: new ExactEvmScheme(account) }],
    });
    const res = await fetchWithPayment(`${h.url}/premium`, post('v2 base'));
    const settlement = decodePaymentResponseHeader(res.headers.get('payment-response')!);
    assert.equal(settlement.success, true);
    assert.equal(settlement.network, 'eip155:8453');
    assert.equal(res.headers.get('x-payment-response'), null, 'a v2 payment is answered in v2 only');
    await completes(res, 'v2 base');
    assert.equal(await balanceOf(dev.base.pay_to), before + 500_000n, 'charged once, the price');
  });

  it('@x402/fetch (v2) with ExactSvmScheme pays on Solana', async () => {
    const { balanceOf } = svmClients(dev.solana);
    const before = await balanceOf(dev.solana.pay_to);
    const signer = await createKeyPairSignerFromBytes(getBase58Encoder().encode(dev.solana.test_payer.secret_key));
    const fetchWithPayment = wrapFetchWithPaymentFromConfig(fetch, {
      schemes: [{ network: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', client: new ExactSvmScheme(signer, { rpcUrl: dev.solana.rpc_url }) }],
    });
    const res = await fetchWithPayment(`${h.url}/echo`, post('v2 solana'));
    assert.equal(decodePaymentResponseHeader(res.headers.get('payment-response')!).network, 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp');
    await completes(res, 'v2 solana');
    assert.equal(await balanceOf(dev.solana.pay_to), before + 10_000n);
  });

  it('x402-fetch (v1) pays with maxValue set, and without it refuses a route above 0.10 USDC', async () => {
    const account = privateKeyToAccount(dev.base.test_payer.private_key);
    const client = createWalletClient({ account, transport: http(), chain: base });
    await assert.rejects(wrapFetchWithPayment(fetch, client as any)(`${h.url}/premium`, post('v1 default')), /exceeds maximum allowed/);
    const fetchWithPay = wrapFetchWithPayment(fetch, client as any, BigInt(0.5 * 10 ** 6));
    const res = await fetchWithPay(`${h.url}/premium`, post('v1 base'));
    const settlement = JSON.parse(Buffer.from(res.headers.get('x-payment-response')!, 'base64').toString());
    assert.equal(settlement.network, 'base');
    await completes(res, 'v1 base');
  });

  it('mppx (Mppx.create, default mode) pays on Tempo, and pays again from the same account', async () => {
    const payer = privateKeyToAccount(dev.tempo.test_payer.private_key);
    const before = await tempoBalance(dev.tempo.rpc_url, dev.tempo.chain_id, dev.tempo.currency, dev.tempo.pay_to);
    // The devnet's Tempo RPC: the one devnet-specific setting (mppx would otherwise use the public testnet's).
    const getClient = () => createClient({ chain: { ...tempoModerato, id: dev.tempo.chain_id }, transport: http(dev.tempo.rpc_url) });
    Mppx.create({ methods: [tempo({ account: payer, getClient })] });
    try {
      // The stock client signs under Tempo's expiring nonce: the second payment must not be taken for a replay of the first.
      for (const text of ['mpp', 'mpp again']) {
        const res = await fetch(`${h.url}/echo`, post(text));
        assert.match(res.headers.get('payment-receipt') ?? '', /.+/);
        await completes(res, text);
      }
    } finally {
      Mppx.restore();
    }
    assert.equal(await tempoBalance(dev.tempo.rpc_url, dev.tempo.chain_id, dev.tempo.currency, dev.tempo.pay_to), before + 20_000n);
  });
});
