import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Address } from 'viem';
import { createPaymentHeader } from 'x402/client';
import { type EvmDevnet, startEvmDevnet } from '../../src/devnet/evm-devnet.js';
import { DEVNET_PAY_TO } from '../../src/payments/payments.config.js';
import { chainClients, liveBaseEnv } from '../support/devnet.js';
import { type Harness, pollJob, postJson, ROOT, startHarness } from '../support/harness.js';

/**
 * The in-process mode (no Redis) keeps its claims and jobs in memory: a restart forgets them. The job id is an
 * HMAC of the payment under a secret kept in WORK_DIR, so the same payment resent to the restarted process
 * finds the same job id, and the chain (which outlives the process here, as a real network does) shows one transfer.
 */
describe('a payment resent after a restart of the in-process mode', () => {
  let chain: EvmDevnet;
  let h: Harness | null = null;
  let env: Record<string, string>;

  before(async () => {
    chain = await startEvmDevnet();
    const workDir = path.join(ROOT, 'test-artifacts', 'restart-work');
    fs.rmSync(workDir, { recursive: true, force: true });
    env = { ...liveBaseEnv(chain), WORK_DIR: workDir };
  });
  after(async () => {
    await h?.close();
    await chain?.stop();
  });

  it('gets the same job id and pays once', async () => {
    const clients = chainClients(chain);
    const balance = () => clients.balanceOf(DEVNET_PAY_TO.base as Address);
    const wallet = clients.wallet(chain.payerKey);
    const before = await balance();

    h = await startHarness({ env });
    const offer = await postJson(`${h.url}/echo`, { text: 'restart' });
    assert.equal(offer.status, 402);
    const header = await createPaymentHeader(wallet, 1, offer.json.accepts[0]);
    const first = await postJson(`${h.url}/echo`, { text: 'restart' }, { 'x-payment': header });
    assert.equal(first.status, 202, first.text);
    assert.equal((await pollJob(h.url, first.json.job_id)).status, 'complete');
    await h.close();

    h = await startHarness({ env });
    assert.equal((await fetch(`${h.url}/jobs/${first.json.job_id}`)).status, 404, 'the restarted process has forgotten the job');
    const resent = await postJson(`${h.url}/echo`, { text: 'restart' }, { 'x-payment': header });
    assert.equal(resent.status, 202, resent.text);
    assert.equal(resent.json.job_id, first.json.job_id, 'the same job id');
    const job = await pollJob(h.url, resent.json.job_id);
    assert.equal(job.status, 'complete');
    assert.equal((await postJson(`${h.url}/echo`, { text: 'restart' }, { 'x-payment': header })).json.job_id, first.json.job_id);
    assert.equal(await balance(), before + 10_000n, 'one transfer of $0.01');
  });
});
