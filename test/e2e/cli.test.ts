import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { devnetClients } from '../support/devnet.js';
import { type Harness, ROOT, startHarness } from '../support/harness.js';

const run = promisify(execFile);
const CLI = path.join(ROOT, 'dist', 'src', 'cli', 'vidint.js');

/** Runs the `vidint` bin as a user would; never throws: the exit code is part of what is tested. */
async function vidint(args: string[], env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await run(process.execPath, [CLI, ...args], { env: { ...process.env, ...env }, timeout: 120_000 });
    return { code: 0, stdout, stderr };
  } catch (err: any) {
    return { code: err.code as number, stdout: String(err.stdout), stderr: String(err.stderr) };
  }
}

describe('the vidint command-line client, against the running service over HTTP', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness({ env: { ADMIN_TOKEN: 'cli-admin-token-0123456789abcdef' } });
  });
  after(() => h.close());

  it('pays on Base and prints the result of a paid call as JSON, and the ledger shows the referral', async () => {
    const { dev, balanceOf } = devnetClients(h);
    const payer = privateKeyToAccount(dev.payerKey).address;
    const before = await balanceOf(payer);
    const r = await vidint([
      'call',
      '/echo',
      '--text',
      'from the cli',
      '--api',
      h.url,
      '--devnet',
      '--max-usd',
      '0.05',
      '--affiliate',
      'cli-agent',
      '--json',
    ]);
    assert.equal(r.code, 0, r.stderr);
    const job = JSON.parse(r.stdout);
    assert.equal(job.status, 'complete');
    assert.equal(job.result.greeting, 'hello from the cli');
    assert.equal(job.receipt.network, 'base');
    assert.equal(before - (await balanceOf(payer)), 10_000n, 'charged exactly $0.01');
    assert.match(r.stderr, /paid \$0\.01 on base \(transaction 0x[0-9a-f]{64}\)/);

    const ledger = await vidint(['ledger', '--api', h.url, '--admin-token', 'cli-admin-token-0123456789abcdef', '--json']);
    assert.equal(ledger.code, 0, ledger.stderr);
    assert.ok(JSON.parse(ledger.stdout).affiliates.some((a: any) => a.affiliate_id === 'cli-agent' && a.payments >= 1));

    const again = await vidint(['job', job.id, '--api', h.url]);
    assert.equal(again.code, 0);
    assert.equal(JSON.parse(again.stdout).greeting, 'hello from the cli');
  });

  it('pays on Solana and with MPP on Tempo too', async () => {
    for (const pay of ['solana', 'mpp']) {
      const r = await vidint(['call', '/echo', '--text', pay, '--api', h.url, '--devnet', '--pay', pay, '--json']);
      assert.equal(r.code, 0, `${pay}: ${r.stderr}`);
      const job = JSON.parse(r.stdout);
      assert.equal(job.result.greeting, `hello ${pay}`);
      assert.equal(job.receipt.network, pay === 'mpp' ? 'tempo' : 'solana');
    }
  });

  it('refuses to pay above --max-usd, and reports a payment the service refuses, charging nothing', async () => {
    const { dev, balanceOf } = devnetClients(h);
    const payer = privateKeyToAccount(dev.payerKey).address;
    const before = await balanceOf(payer);
    const over = await vidint(['call', '/echo', '--text', 'too dear', '--api', h.url, '--devnet', '--max-usd', '0.005']);
    assert.equal(over.code, 3);
    assert.match(over.stderr, /the price is \$0\.01, above --max-usd 0\.01|above --max-usd/);
    assert.match(over.stderr, /nothing was paid/);
    assert.equal(await balanceOf(payer), before);

    // A key with no USDC: the x402 client signs, the service's settlement is refused.
    const broke = await vidint(['call', '/echo', '--text', 'no funds', '--api', h.url], { VIDINT_EVM_KEY: generatePrivateKey() });
    assert.equal(broke.code, 3);
    assert.match(broke.stderr, /the payment was refused: .+\(nothing was charged\)/);
  });

  it('explains a 400, a 404 and a failed job, with distinct exit codes', async () => {
    const bad = await vidint(['call', '/echo', '--api', h.url, '--devnet']);
    assert.equal(bad.code, 3);
    assert.match(bad.stderr, /the request was refused \(400\): .*text: is required; nothing was paid/);

    const missing = await vidint(['call', '/nope', '--text', 'x', '--api', h.url, '--devnet']);
    assert.equal(missing.code, 3);
    assert.match(missing.stderr, /there is no endpoint POST \/nope \(404\)/);

    const failed = await vidint(['call', '/failing', '--message', 'the clip is broken', '--api', h.url, '--devnet']);
    assert.equal(failed.code, 1, failed.stderr);
    assert.match(failed.stderr, /job [0-9a-f-]{36} failed: .*the clip is broken/);

    const unknownJob = await vidint(['job', '00000000-0000-4000-8000-000000000000', '--api', h.url]);
    assert.equal(unknownJob.code, 3);
    assert.match(unknownJob.stderr, /was not found \(404\)/);

    const usage = await vidint(['call', 'analyze']);
    assert.equal(usage.code, 2);

    // No API there: the message names the URL it called, and the exit code says the API was not reached.
    const closed = await new Promise<number>((resolve) => {
      const s = net.createServer().listen(0, '127.0.0.1', () => {
        const port = (s.address() as net.AddressInfo).port;
        s.close(() => resolve(port));
      });
    });
    const down = await vidint(['call', '/echo', '--text', 'x', '--api', `http://127.0.0.1:${closed}`, '--pay', 'base'], {
      VIDINT_EVM_KEY: `0x${'11'.repeat(32)}`,
    });
    assert.equal(down.code, 4);
    assert.match(
      down.stderr,
      new RegExp(`cannot reach the API at http://127\\.0\\.0\\.1:${closed}/echo \\(ECONNREFUSED\\); nothing was paid`),
    );
  });

  it('checks pipeline files', async () => {
    const r = await vidint(['pipelines', 'check']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /ok {2}POST \/menu-from-maps/);
  });
});
