import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type Address, parseSignature } from 'viem';
import { createPaymentHeader } from 'x402/client';
import { devnetClients } from '../support/devnet.js';
import { type Harness, pollJob, postJson, startHarness } from '../support/harness.js';
import { startRpcProxy } from '../support/rpc-proxy.js';

/** Settlements whose outcome the server did not see: the chain decides, the client never pays twice. */
describe('x402 settlement with an unreliable RPC', () => {
  let h: Harness;
  let proxy: Awaited<ReturnType<typeof startRpcProxy>>;
  let balanceOf: (a: Address) => Promise<bigint>;
  let requirements: any;
  let wallet: any;

  before(async () => {
    proxy = await startRpcProxy();
    h = await startHarness({ env: { BASE_RPC_URL: proxy.url, SETTLEMENT_RECONCILE_SECONDS: '1', X402_NETWORKS: 'base' } });
    const dev = h.rt.devnet!.base!;
    proxy.target = dev.rpcUrl;
    const clients = devnetClients(h);
    balanceOf = clients.balanceOf;
    wallet = clients.wallet(dev.payerKey);
    requirements = (await postJson(`${h.url}/echo`, { text: 'x' })).json.accepts[0];
  });
  after(async () => {
    await h?.close();
    await proxy?.close();
  });

  it('finds a transfer whose broadcast answer was lost, and accepts the job once', async () => {
    proxy.mode = 'lose-broadcast-answer';
    const before = await balanceOf(requirements.payTo);
    const header = await createPaymentHeader(wallet, 1, requirements);
    const res = await postJson(`${h.url}/echo`, { text: 'lost answer' }, { 'x-payment': header });
    assert.equal(res.status, 202, res.text);
    assert.ok(proxy.lostAnswers >= 1, 'the broadcast answer was lost');
    assert.equal(await balanceOf(requirements.payTo), before + 10000n);
    const job = await pollJob(h.url, res.json.job_id);
    assert.equal(job.status, 'complete');
    assert.match(job.receipt.transaction, /^0x[0-9a-f]{64}$/, 'the transaction was found on chain');
    proxy.mode = 'pass';
    const again = await postJson(`${h.url}/echo`, { text: 'lost answer' }, { 'x-payment': header });
    assert.equal(again.json.job_id, res.json.job_id);
    assert.equal(await balanceOf(requirements.payTo), before + 10000n);
  });

  it('answers 503 while the chain cannot tell, then accepts the resent payment once it can', async () => {
    proxy.mode = 'down-after-broadcast';
    proxy.lostAnswers = 0;
    const before = await balanceOf(requirements.payTo);
    const header = await createPaymentHeader(wallet, 1, requirements);
    const res = await postJson(`${h.url}/echo`, { text: 'rpc down' }, { 'x-payment': header });
    assert.equal(res.status, 503, res.text);
    assert.equal(proxy.lostAnswers, 1);
    assert.ok(Number(res.headers.get('retry-after')) > 0);
    assert.match(res.json.error, /resend the same payment.*do not pay again/);
    assert.equal(await balanceOf(requirements.payTo), before + 10000n, 'the transfer happened although the server could not see it');

    proxy.mode = 'pass';
    await new Promise((r) => setTimeout(r, 1100)); // past SETTLEMENT_RECONCILE_SECONDS
    const resent = await postJson(`${h.url}/echo`, { text: 'rpc down' }, { 'x-payment': header });
    assert.equal(resent.status, 202, resent.text);
    const job = await pollJob(h.url, resent.json.job_id);
    assert.equal(job.status, 'complete');
    assert.equal(job.receipt.amount, '10000');
    const third = await postJson(`${h.url}/echo`, { text: 'rpc down' }, { 'x-payment': header });
    assert.equal(third.json.job_id, resent.json.job_id);
    assert.equal(await balanceOf(requirements.payTo), before + 10000n, 'charged once');
  });

  it('refuses a payment whose nonce the payer spent on another transfer while it settled, charging nothing', async () => {
    proxy.mode = 'pass';
    const dev = h.rt.devnet!.base!;
    const before = await balanceOf(requirements.payTo);
    const header = await createPaymentHeader(wallet, 1, requirements);
    const auth = JSON.parse(Buffer.from(header, 'base64').toString()).payload.authorization;
    // The payer signs a second authorization with the same nonce, to itself, and gets it mined first.
    const own = { from: auth.from, to: auth.from, value: 10000n, validAfter: 0n, validBefore: BigInt(auth.validBefore), nonce: auth.nonce };
    const signature = await wallet.signTypedData({
      domain: { name: 'USD Coin', version: '2', chainId: dev.chainId, verifyingContract: dev.usdc },
      types: { TransferWithAuthorization: EIP3009_TYPE },
      primaryType: 'TransferWithAuthorization',
      message: own,
    });
    proxy.beforeBroadcast = async () => {
      const { r, s, v } = parseSignature(signature);
      const hash = await wallet.writeContract({
        address: dev.usdc,
        abi: dev.usdcAbi,
        functionName: 'transferWithAuthorization',
        args: [own.from, own.to, own.value, own.validAfter, own.validBefore, own.nonce, Number(v), r, s],
      });
      await wallet.waitForTransactionReceipt({ hash });
    };
    const res = await postJson(`${h.url}/echo`, { text: 'front-run' }, { 'x-payment': header });
    assert.equal(res.status, 402, res.text);
    assert.match(res.json.error, /could not be settled.*Nothing was charged/);
    assert.equal(await balanceOf(requirements.payTo), before, 'nothing reached payTo');
  });
});

const EIP3009_TYPE = [
  { name: 'from', type: 'address' },
  { name: 'to', type: 'address' },
  { name: 'value', type: 'uint256' },
  { name: 'validAfter', type: 'uint256' },
  { name: 'validBefore', type: 'uint256' },
  { name: 'nonce', type: 'bytes32' },
];

describe('a payment resent after its job expired', () => {
  it('is answered 409 naming the expired job, and charged nothing again', async () => {
    const h = await startHarness({ env: { JOB_RETENTION_SECONDS: '1', X402_NETWORKS: 'base' } });
    try {
      const wallet = devnetClients(h).wallet(h.rt.devnet!.base!.payerKey);
      const requirements = (await postJson(`${h.url}/echo`, { text: 'x' })).json.accepts[0];
      const header = await createPaymentHeader(wallet, 1, requirements);
      const first = await postJson(`${h.url}/echo`, { text: 'old' }, { 'x-payment': header });
      assert.equal(first.status, 202, first.text);
      await new Promise((r) => setTimeout(r, 1100));
      const late = await postJson(`${h.url}/echo`, { text: 'old' }, { 'x-payment': header });
      assert.equal(late.status, 409);
      assert.match(
        late.json.error,
        new RegExp(`already settled for job ${first.json.job_id}, which has expired.*nothing was charged again`),
      );
    } finally {
      await h.close();
    }
  });
});
