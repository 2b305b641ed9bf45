import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { after, describe, it } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { createWalletClient, http, publicActions } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { base } from 'viem/chains';
import { createPaymentHeader } from 'x402/client';
import { freePort } from '../../src/devnet/anvil.js';
import { deleteKeys, FIXTURE_PIPELINES, keysHolding, pollJob, postJson, REDIS_URL } from '../support/harness.js';
import { exited, startService } from '../support/processes.js';

/** The command lines of a process's children (anvil, for the devnet chains). */
function childCommands(pid: number): string[] {
  try {
    return execFileSync('ps', ['--ppid', String(pid), '-o', 'args='], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean);
  } catch {
    return []; // ps exits 1 when there is none
  }
}

async function waitForOutput(child: ReturnType<typeof startService>, pattern: RegExp, ms = 60_000): Promise<string> {
  const deadline = Date.now() + ms;
  while (!pattern.test(child.output())) {
    if (child.exitCode !== null) throw new Error(`the service exited: ${child.output()}`);
    if (Date.now() > deadline) throw new Error(`no ${pattern} in: ${child.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return child.output();
}

describe('ROLE=api and ROLE=worker as separate processes', () => {
  const id = randomUUID().slice(0, 8);
  const env = {
    REDIS_URL,
    KEY_PREFIX: `vidint-test-${id}`,
    QUEUE_NAME: `q-${id}`,
    PIPELINES_DIR: FIXTURE_PIPELINES,
    PORT: '0',
    LOG_LEVEL: 'info',
  };
  const children: Array<ReturnType<typeof startService>> = [];
  after(async () => {
    for (const c of children) c.kill('SIGTERM');
    await Promise.all(children.map((c) => exited(c)));
    await deleteKeys(`${env.KEY_PREFIX}*`);
  });

  it('a worker starts no devnet chain; the API takes the payment and the worker runs the job', async () => {
    const metricsPort = await freePort();
    const worker = startService({ ...env, ROLE: 'worker', METRICS_PORT: String(metricsPort) });
    children.push(worker);
    await waitForOutput(worker, /worker started/);
    assert.deepEqual(
      childCommands(worker.pid!).filter((c) => c.includes('anvil')),
      [],
      'a worker process runs no local chain',
    );

    const api = startService({ ...env, ROLE: 'api' });
    children.push(api);
    const url = JSON.parse((await waitForOutput(api, /"msg":"listening"/)).split('\n').find((l) => l.includes('"listening"'))!).url;
    assert.ok(
      childCommands(api.pid!).some((c) => c.includes('anvil')),
      'the API process runs the devnet chains it settles on',
    );

    const dev: any = await (await fetch(`${url}/devnet`)).json();
    const unpaid = await postJson(`${url}/echo`, { text: 'split roles' });
    assert.equal(unpaid.status, 402);
    const wallet = createWalletClient({
      account: privateKeyToAccount(dev.base.test_payer.private_key),
      chain: base,
      transport: http(dev.base.rpc_url),
    }).extend(publicActions);
    const header = await createPaymentHeader(
      wallet as any,
      1,
      unpaid.json.accepts.find((a: any) => a.network === 'base'),
    );
    const paid = await postJson(`${url}/echo`, { text: 'split roles', pause: 1.5 }, { 'x-payment': header });
    assert.equal(paid.status, 202, paid.text);
    // The request (an image, on the image routes) is held in Redis once until its job ends, then nowhere (the result aside).
    const request = '"text":"split roles","pause":1.5';
    let running: any;
    while ((running = await (await fetch(`${url}/jobs/${paid.json.job_id}`)).json()).status === 'queued') await delay(50);
    assert.equal(running.status, 'processing');
    assert.deepEqual(await keysHolding(`${env.KEY_PREFIX}*`, request), [`${env.KEY_PREFIX}:job:${paid.json.job_id}:entry`]);
    const job = await pollJob(url, paid.json.job_id);
    assert.equal(job.status, 'complete');
    assert.equal(job.result.greeting, 'hello split roles');
    assert.deepEqual(await keysHolding(`${env.KEY_PREFIX}*`, request), [], 'no key holds the request of a job that ended');

    // The worker has no HTTP server: its jobs are counted on its own METRICS_PORT; the API runs no worker.
    const workerMetrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    assert.match(workerMetrics, /^vidint_jobs_total\{pipeline="\/echo",outcome="complete"\} 1$/m);
    assert.match(workerMetrics, /^vidint_step_duration_seconds_count\{pipeline="\/echo",step="greeting",uses="echo",outcome="done"\} 1$/m);
    const apiMetrics = await (await fetch(`${url}/metrics`)).text();
    assert.match(apiMetrics, /^vidint_workers 0$/m);
    assert.match(apiMetrics, /^vidint_payments_total\{method="x402",network="base",outcome="settled"\} 1$/m);
  });
});
