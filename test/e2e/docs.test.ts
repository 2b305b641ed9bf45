import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { type DocBlock, runnableBlocks } from '../support/doc-blocks.js';
import { ROOT } from '../support/harness.js';
import { exited, startService } from '../support/processes.js';

const OUT = path.join(ROOT, 'test-artifacts', 'doctest');
/** The address every example names: a service as `npm start` runs it. */
const API = 'http://127.0.0.1:3000';

/** Runs a block as a user would: a .mjs file inside the checkout (packages resolve) or a bash script; output and exit code. */
function run(block: DocBlock, index: number): Promise<{ code: number | null; output: string }> {
  const name = `${path.basename(block.file, '.md')}-${index}-line${block.line}`;
  const file = path.join(OUT, block.language === 'js' ? `${name}.mjs` : `${name}.sh`);
  fs.writeFileSync(file, `${block.code}\n`);
  const [command, args] = block.language === 'js' ? [process.execPath, [file]] : ['bash', ['-euo', 'pipefail', file]];
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, env: { PATH: process.env.PATH ?? '' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 240_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/**
 * Every runnable block of the README and of docs/ (```js test, ```sh test) runs as pasted against a devnet service
 * started as `npm start` starts it, on port 3000, and must exit 0: an example that stops working fails the tests.
 */
describe('the runnable examples of the README and docs/', () => {
  const blocks = runnableBlocks(ROOT);
  let service: ReturnType<typeof startService>;

  before(async () => {
    fs.rmSync(OUT, { recursive: true, force: true });
    fs.mkdirSync(OUT, { recursive: true });
    service = startService({ PORT: '3000', HOST: '127.0.0.1', LOG_LEVEL: 'warn', WORK_DIR: path.join(OUT, 'work') });
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (service.exitCode !== null) throw new Error(`the service exited (is port 3000 taken?):\n${service.output()}`);
      if (
        await fetch(`${API}/healthz`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      if (Date.now() > deadline) throw new Error(`the service did not start:\n${service.output()}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  });
  after(async () => {
    service?.kill('SIGTERM');
    if (service) await exited(service);
  });

  it('finds runnable blocks in the documents', () => {
    assert.ok(blocks.length >= 6, `only ${blocks.length} runnable blocks`);
  });

  blocks.forEach((block, i) => {
    it(`${block.file}:${block.line} (${block.language}) runs as pasted and exits 0`, async () => {
      const { code, output } = await run(block, i);
      assert.equal(code, 0, output);
    });
  });
});
