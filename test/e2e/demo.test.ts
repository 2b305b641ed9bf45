import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { describe, it } from 'node:test';
import { promisify } from 'node:util';
import { ROOT } from '../support/harness.js';

const run = promisify(execFile);

describe('npm run demo', () => {
  it('starts the service, shows the 402, pays, shows the 202 and settlement, polls, prints the /analyze result, and stops', async () => {
    const { stdout } = await run('npm', ['run', 'demo', '--silent'], { cwd: ROOT, timeout: 300_000, maxBuffer: 16 * 1024 * 1024 });
    assert.match(stdout, /HTTP 402: payment required/);
    assert.match(stdout, /x402 base +0\.1 USDC/);
    assert.match(stdout, /HTTP 202: job [0-9a-f-]{36}, status queued/);
    assert.match(stdout, /settled: 0\.1 USDC on base, transaction 0x[0-9a-f]{64}/);
    assert.match(stdout, /processing +step \d\/8/);
    assert.match(stdout, /complete/);
    const result = JSON.parse(
      stdout.slice(stdout.indexOf('== 6. the /analyze result') + '== 6. the /analyze result'.length, stdout.indexOf('\nengines:')),
    );
    assert.ok(
      result.on_screen_text.some((t: any) => /SAVE 50 PERCENT/.test(t.text)),
      JSON.stringify(result.on_screen_text),
    );
    assert.equal(result.scenes.length, 2);
    assert.match(stdout, /demo: everything worked/);
  });
});
