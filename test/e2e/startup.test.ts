import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { FIXTURE_PIPELINES, ROOT } from '../support/harness.js';
import { exited, runNode, startService } from '../support/processes.js';
import { TEST_STEPS_MODULE } from '../support/test-steps.js';

const tmp: string[] = [];
after(() => tmp.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

function brokenPipelines(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bad-pipelines-'));
  tmp.push(dir);
  fs.writeFileSync(
    path.join(dir, 'bad.yaml'),
    'path: /bad\nsummary: Bad\nprice_usd: "0.10"\nestimated_seconds: 5\nrequest: { type: object }\nresult: { type: object }\n' +
      'steps:\n  - id: one\n    uses: transcode_video\n  - id: two\n    uses: echo\n    with: { value: "{{steps.three.value}}" }\noutput: "{{steps.two}}"\n',
  );
  return dir;
}

/**
 * The pids of the anvil chains running on this machine whose environment holds `mark`: those a process given it
 * started (a chain inherits its starter's environment), not those of test files running beside this one.
 */
function anvilsMarked(mark: string): string[] {
  let pids: string[];
  try {
    pids = execFileSync('pgrep', ['-f', 'anvil-linux'], { encoding: 'utf8' }).split('\n').filter(Boolean);
  } catch {
    return []; // pgrep exits 1 when there is none
  }
  return pids.filter((pid) => {
    try {
      return fs.readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0').includes(`STARTUP_TEST_MARK=${mark}`);
    } catch {
      return false; // ended meanwhile
    }
  });
}

describe('start-up refuses misconfiguration loudly', () => {
  it('exits 2 naming each bad variable', async () => {
    const child = startService({ PORT: 'http', ROLE: 'worker', LOG_LEVEL: 'silent' });
    assert.equal(await exited(child), 2);
    assert.match(child.output(), /PORT=http: must be a whole number/);
    assert.match(child.output(), /ROLE=worker needs REDIS_URL/);
  });

  it('exits 2 naming the file, the step and the field of a bad pipeline', async () => {
    const child = startService({
      PIPELINES_DIR: brokenPipelines(),
      SCHEMAS_DIR: path.join(ROOT, 'schemas'),
      PORT: '0',
      LOG_LEVEL: 'silent',
    });
    assert.equal(await exited(child), 2);
    assert.match(child.output(), /bad\.yaml: step 'one' \(transcode_video\): uses: unknown step type 'transcode_video'/);
    assert.match(child.output(), /bad\.yaml: step 'two' \(echo\): with\.value: '\{\{steps\.three\.value\}\}': there is no step 'three'/);
  });

  it('exits 2 on a pipeline that names a test step when no STEP_MODULES gives it, as in production', async () => {
    const child = startService({ STEP_MODULES: '', PIPELINES_DIR: FIXTURE_PIPELINES, PORT: '0', LOG_LEVEL: 'silent' });
    assert.equal(await exited(child), 2);
    assert.match(child.output(), /echo\.yaml: step '\w+' \(echo\): uses: unknown step type 'echo' \(known: [a-z_, ]+\)/);
    assert.doesNotMatch(child.output(), /known: [^)]*\b(echo|fail|sleep)\b/);
  });

  it('exits 2 when Redis does not answer, leaving no devnet chain running', async () => {
    const mark = String(process.pid);
    const env = { REDIS_URL: 'redis://127.0.0.1:1', PIPELINES_DIR: FIXTURE_PIPELINES, PORT: '0', LOG_LEVEL: 'silent' };
    const child = startService({ ...env, STARTUP_TEST_MARK: mark });
    assert.equal(await exited(child), 2);
    assert.match(child.output(), /REDIS_URL=redis:\/\/127\.0\.0\.1:1: Redis does not answer/);
    await new Promise((r) => setTimeout(r, 500));
    assert.deepEqual(anvilsMarked(mark), [], 'the chains it started were stopped with it');
  });
});

describe('npm run pipelines:check', () => {
  it('lists the valid pipelines and exits 0', async () => {
    const { code, output } = await runNode(['dist/src/cli/check-pipelines.js']);
    assert.equal(code, 0, output);
    assert.match(output, /ok {2}POST \/analyze +\$0\.10 +live +8 steps/);
    assert.match(output, /ok {2}POST \/verify +\$0\.15 +live +\d+ steps/);
    assert.match(output, /ok {2}POST \/pfp +\$0\.50 +live +2 steps/);
    assert.match(output, /8 pipelines valid/);
  });

  it('marks a pipeline without steps as planned', async () => {
    const { code, output } = await runNode(['dist/src/cli/check-pipelines.js', path.join(ROOT, 'test/fixtures/pipelines')], {
      STEP_MODULES: TEST_STEPS_MODULE,
    });
    assert.equal(code, 0, output);
    assert.match(output, /ok {2}POST \/planned +\$[\d.]+ +planned/);
  });

  it('exits 1 with every problem of a bad folder', async () => {
    const { code, output } = await runNode(['dist/src/cli/check-pipelines.js', brokenPipelines()], { STEP_MODULES: TEST_STEPS_MODULE });
    assert.equal(code, 1);
    assert.match(output, /unknown step type 'transcode_video'/);
    assert.match(output, /there is no step 'three'/);
  });
});
