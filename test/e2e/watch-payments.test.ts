import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Address } from 'viem';
import { createPaymentHeader } from 'x402/client';
import { devnetClients } from '../support/devnet.js';
import { FIXTURE_PIPELINES, type Harness, pollJob, postJson, startHarness } from '../support/harness.js';

const PAYERS = 12;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Hot reload under payments (WATCH=true): a dozen payers pay at once while the pipeline file is removed and
 * restored, and while its price flips. Every payer gets a refusal that charged nothing (402, or 404 while the
 * route is gone) or a job, never a 5xx; the payee's balance grows by exactly the sum of the accepted jobs'
 * cost_usd, and each job's cost_usd is the amount its receipt says was settled.
 */
describe('hot reload while payments are in flight', () => {
  let h: Harness;
  let dir: string;
  let balance: () => Promise<bigint>;
  let sign: (requirements: any) => Promise<string>;
  const echo = () => path.join(dir, 'echo.yaml');

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vidint-watch-pay-'));
    fs.copyFileSync(path.join(FIXTURE_PIPELINES, 'echo.yaml'), echo());
    // A second pipeline, so the folder is never empty (an empty folder is refused, and the previous set kept).
    fs.copyFileSync(path.join(FIXTURE_PIPELINES, 'slow.yaml'), path.join(dir, 'slow.yaml'));
    h = await startHarness({ env: { WATCH: 'true', PIPELINES_DIR: dir, MPP_ENABLED: 'false', X402_NETWORKS: 'base' } });
    const { balanceOf, wallet, dev } = devnetClients(h);
    balance = () => balanceOf(h.rt.config.payments.payToBase as Address);
    sign = (requirements) => createPaymentHeader(wallet(dev.payerKey), 1, requirements);
  });
  after(async () => {
    await h?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Resolves once the first of the payments in flight has landed on the chain: the edit then races the others. */
  async function firstSettlement(): Promise<void> {
    const start = await balance();
    while ((await balance()) === start) await pause(5);
  }

  /** Each payer reads a 402 and signs it; then all pay at the same instant, and `edit` runs as their payments settle. */
  async function payAtOnce(edit: () => Promise<void>, tag: string) {
    const before = await balance();
    const signed = await Promise.all(
      Array.from({ length: PAYERS }, async (_, i) => {
        const body = { text: `${tag} payer ${i}` };
        const offer = await postJson(`${h.url}/echo`, body);
        assert.equal(offer.status, 402, offer.text);
        return { body, header: await sign(offer.json.accepts[0]) };
      }),
    );
    const [answers] = await Promise.all([
      Promise.all(signed.map(({ body, header }) => postJson(`${h.url}/echo`, body, { 'x-payment': header }))),
      edit(),
    ]);
    for (const a of answers) assert.ok([202, 402, 404].includes(a.status), `answered ${a.status}: ${a.text}`);
    const jobs = await Promise.all(answers.filter((a) => a.status === 202).map((a) => pollJob(h.url, a.json.job_id)));
    for (const job of jobs) {
      assert.equal(job.status, 'complete', job.error);
      assert.equal(Math.round(job.cost_usd * 1e6), Number(job.receipt.amount), 'cost_usd is what was settled');
    }
    const charged = jobs.reduce((sum, job) => sum + BigInt(job.receipt.amount), 0n);
    assert.equal((await balance()) - before, charged, 'the payee received exactly what the accepted jobs cost');
    return { answers, jobs };
  }

  it('removing and restoring the pipeline file: a 404 or 402 (nothing charged) or a job, never a 5xx', async () => {
    const original = fs.readFileSync(echo(), 'utf8');
    const edit = async () => {
      await firstSettlement();
      fs.rmSync(echo());
      await pause(800);
      fs.writeFileSync(echo(), original);
    };
    const { jobs } = await payAtOnce(edit, 'remove');
    assert.ok(jobs.length > 0, 'some payments were accepted');
    await pause(700);
    assert.equal((await postJson(`${h.url}/echo`, { text: 'after' })).status, 402, 'the route is served again');
  });

  it('flipping the price between 0.01 and 0.05: each job costs what its payment settled', async () => {
    const original = fs.readFileSync(echo(), 'utf8');
    const dearer = original.replace('price_usd: "0.01"', 'price_usd: "0.05"');
    const edit = async () => {
      await firstSettlement();
      for (let i = 0; i < 4; i++) {
        fs.writeFileSync(echo(), i % 2 ? original : dearer);
        await pause(200);
      }
    };
    const { jobs } = await payAtOnce(edit, 'price');
    assert.ok(jobs.length > 0, 'some payments were accepted');
  });
});
