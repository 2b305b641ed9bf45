import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Address } from 'viem';
import { generatePrivateKey } from 'viem/accounts';
import { createPaymentHeader } from 'x402/client';
import { devnetClients } from '../support/devnet.js';
import { startFacilitator } from '../support/facilitator.js';
import { type Harness, pollJob, postJson, startHarness } from '../support/harness.js';

/** X402_FACILITATOR_URL: verification and settlement go through a facilitator's HTTP API. */
describe('x402 through a remote facilitator', () => {
  let h: Harness;
  let facilitator: Awaited<ReturnType<typeof startFacilitator>>;
  let balanceOf: (a: Address) => Promise<bigint>;
  let wallet: ReturnType<typeof devnetClients>['wallet'];
  let requirements: any;

  before(async () => {
    facilitator = await startFacilitator();
    h = await startHarness({ env: { X402_FACILITATOR_URL: facilitator.url, X402_NETWORKS: 'base' } });
    const dev = h.rt.devnet!.base!;
    facilitator.connect(dev.rpcUrl, dev.settlerKey);
    ({ wallet, balanceOf } = devnetClients(h));
    requirements = (await postJson(`${h.url}/echo`, { text: 'x' })).json.accepts[0];
  });
  after(async () => {
    await h?.close();
    await facilitator?.close();
  });

  it('settles through the facilitator: one verify, one settle, the price on chain, the job accepted', async () => {
    const before = await balanceOf(requirements.payTo);
    const header = await createPaymentHeader(wallet(h.rt.devnet!.base!.payerKey), 1, requirements);
    const res = await postJson(`${h.url}/echo`, { text: 'via facilitator' }, { 'x-payment': header });
    assert.equal(res.status, 202, res.text);
    assert.deepEqual(facilitator.calls, { verify: 1, settle: 1 });
    assert.equal(await balanceOf(requirements.payTo), before + 10000n);
    const job = await pollJob(h.url, res.json.job_id);
    assert.equal(job.status, 'complete');
    assert.match(job.receipt.transaction, /^0x[0-9a-f]{64}$/);
    const again = await postJson(`${h.url}/echo`, { text: 'via facilitator' }, { 'x-payment': header });
    assert.equal(again.json.job_id, res.json.job_id);
    assert.equal(facilitator.calls.settle, 1, 'a resend is answered without settling again');
  });

  it("refuses with the facilitator's reason when it finds the payment invalid", async () => {
    const res = await postJson(
      `${h.url}/echo`,
      { text: 'broke' },
      { 'x-payment': await createPaymentHeader(wallet(generatePrivateKey()), 1, requirements) },
    );
    assert.equal(res.status, 402);
    assert.match(res.json.error, /^payment refused: invalid_exact_evm_[a-z_]+(: [^\n]+)?\. Nothing was charged\.$/);
  });

  it('refuses with the reason when the facilitator answers its refusal with 400, charging nothing', async () => {
    facilitator.options.refusalStatus = 400;
    try {
      const before = await balanceOf(requirements.payTo);
      const res = await postJson(
        `${h.url}/echo`,
        { text: 'broke again' },
        { 'x-payment': await createPaymentHeader(wallet(generatePrivateKey()), 1, requirements) },
      );
      assert.equal(res.status, 402, res.text);
      assert.match(res.json.error, /^payment refused: invalid_exact_evm_[a-z_]+(: [^\n]+)?\. Nothing was charged\.$/);
      assert.equal(await balanceOf(requirements.payTo), before);
    } finally {
      facilitator.options.refusalStatus = 200;
    }
  });
});
