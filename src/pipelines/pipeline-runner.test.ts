import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { pino } from 'pino';
import { testStepRegistry } from '../../test/support/test-steps.js';
import type { JobWarning } from '../jobs/job.types.js';
import type { StepServices } from '../steps/services.js';
import { loadPipelines } from './pipeline.loader.js';
import { JobFailure, runPipeline } from './pipeline-runner.js';

const dirs: string[] = [];
after(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

/** A pipeline whose `source` step times out (optional or not), read by `reader` (optional or not). */
function pipeline(opts: { sourceOptional: boolean; readerOptional: boolean }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'runner-'));
  dirs.push(dir);
  fs.writeFileSync(
    path.join(dir, 'p.yaml'),
    `
path: /p
summary: runner rule
price_usd: "0.01"
estimated_seconds: 5
request: { type: object }
result: { type: object }
steps:
  - id: source
    uses: sleep
    optional: ${opts.sourceOptional}
    timeout_seconds: 0.1
    with: { seconds: 30 }
  - id: reader
    uses: echo
    optional: ${opts.readerOptional}
    with: { value: "{{steps.source.started_at}}" }
  - id: whole
    uses: echo
    with: { value: { source: "{{steps.source}}", reader: "{{steps.reader}}" } }
output: "{{steps.whole.value}}"
`,
  );
  // echo requires `value`: a reference into a null output leaves it out, so the reader's input is unusable.
  const [p] = loadPipelines({ pipelinesDir: dir, schemasDir: path.resolve('schemas'), registry: testStepRegistry() });
  return p;
}

async function run(opts: { sourceOptional: boolean; readerOptional: boolean }) {
  const warnings: JobWarning[] = [];
  const run = runPipeline(
    pipeline(opts),
    {},
    {
      jobId: 'j1',
      workDir: os.tmpdir(),
      logger: pino({ level: 'silent' }),
      signal: new AbortController().signal,
      services: {} as StepServices,
      engine: () => undefined,
      warn: (step, message) => void warnings.push({ step, message }),
      onProgress: () => undefined,
    },
  );
  return { run, warnings };
}

describe('pipeline runner: optional steps', () => {
  it('gives a timed-out optional step the output null, a warning, and skips an optional reader of it too', async () => {
    const { run: r, warnings } = await run({ sourceOptional: true, readerOptional: true });
    assert.deepEqual(await r, { source: null, reader: null });
    assert.equal(warnings.length, 2);
    assert.deepEqual(warnings[0], { step: 'source', message: "skipped: step 'source' (sleep) timed out after 0.1 s" });
    assert.equal(warnings[1].step, 'reader');
    assert.match(warnings[1].message, /cannot run without the output of 'source', which was skipped/);
  });

  it('fails the job when a mandatory step needs the output of a skipped optional step, naming it', async () => {
    const { run: r, warnings } = await run({ sourceOptional: true, readerOptional: false });
    await assert.rejects(r, (err: Error) => {
      assert.ok(err instanceof JobFailure);
      assert.match(err.message, /^step 'reader' \(echo\) cannot run without the output of 'source', which was skipped/);
      return true;
    });
    assert.deepEqual(warnings, [{ step: 'source', message: "skipped: step 'source' (sleep) timed out after 0.1 s" }]);
  });

  it('fails the job when a mandatory step fails, with no warning', async () => {
    const { run: r, warnings } = await run({ sourceOptional: false, readerOptional: true });
    await assert.rejects(r, /^JobFailure: step 'source' \(sleep\) timed out after 0.1 s$|timed out after 0.1 s/);
    assert.deepEqual(warnings, []);
  });
});
