import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { privateKeyToAccount } from 'viem/accounts';
import { createPaymentHeader } from 'x402/client';
import { devnetClients } from '../support/devnet.js';
import { FIXTURE_PIPELINES, type Harness, pollJob, postJson, startHarness } from '../support/harness.js';

/** x402's `exact` scheme means exact: a payment of more than the price is refused like one of less, nothing charged. */
describe('a payment of more than the price (x402 exact)', () => {
  let h: Harness;
  let dir: string;

  before(async () => {
    // /echo priced at 0.50 USD, in a private copy of the fixtures.
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vidint-overpay-'));
    fs.cpSync(FIXTURE_PIPELINES, dir, { recursive: true });
    const echo = path.join(dir, 'echo.yaml');
    fs.writeFileSync(echo, fs.readFileSync(echo, 'utf8').replace('price_usd: "0.01"', 'price_usd: "0.50"'));
    h = await startHarness({ env: { PIPELINES_DIR: dir, X402_NETWORKS: 'base', MPP_ENABLED: 'false' } });
  });
  after(async () => {
    await h?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('0.60 on a 0.50 route is 402 and charges nothing; 0.50 is taken', async () => {
    const { dev, wallet, balanceOf } = devnetClients(h);
    const payer = privateKeyToAccount(dev.payerKey).address;
    const requirements = (await postJson(`${h.url}/echo`, { text: 'x' })).json.accepts[0];
    assert.equal(requirements.maxAmountRequired, '500000');
    const before = await balanceOf(payer);

    const over = await createPaymentHeader(wallet(dev.payerKey), 1, { ...requirements, maxAmountRequired: '600000' });
    const refused = await postJson(`${h.url}/echo`, { text: 'over' }, { 'x-payment': over });
    assert.equal(refused.status, 402, refused.text);
    assert.match(refused.json.error, /for 600000 atomic units, not the price of 500000 .*Nothing was charged/);
    assert.equal(await balanceOf(payer), before, 'nothing was charged');

    const exact = await createPaymentHeader(wallet(dev.payerKey), 1, requirements);
    const taken = await postJson(`${h.url}/echo`, { text: 'exact' }, { 'x-payment': exact });
    assert.equal(taken.status, 202, taken.text);
    assert.equal((await pollJob(h.url, taken.json.job_id)).cost_usd, 0.5);
    assert.equal(before - (await balanceOf(payer)), 500000n, 'charged the price, once');
  });
});
