import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, beforeEach, describe, it } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { pino } from 'pino';
import { testStepRegistry } from '../../test/support/test-steps.js';
import { StepError } from '../engines/step-error.js';
import type { JobWarning } from '../jobs/job.types.js';
import type { StepServices } from '../steps/services.js';
import { defineStep } from '../steps/step.js';
import { JobCancelled } from './job-cancelled.js';
import { loadPipelines } from './pipeline.loader.js';
import { JobFailure, runPipeline } from './pipeline-runner.js';

/**
 * The runner on real loaded pipelines, with one test step that records when it starts and ends, can wait,
 * and can fail a given number of times (transiently or not).
 */
const events: string[] = [];
const attempts = new Map<string, number>();
beforeEach(() => {
  events.length = 0;
  attempts.clear();
});

interface TaskInput {
  name: string;
  ms?: number;
  failures?: number;
  transient?: boolean;
}
const taskStep = defineStep<TaskInput, { name: string; attempt: number }>({
  type: 'task',
  summary: 'test step',
  description: 'test step',
  with: {
    type: 'object',
    required: ['name'],
    properties: { name: { type: 'string' }, ms: { type: 'number' }, failures: { type: 'integer' }, transient: { type: 'boolean' } },
  },
  output: { type: 'object', required: ['name', 'attempt'], properties: { name: { type: 'string' }, attempt: { type: 'integer' } } },
  example: '',
  async run(input, ctx) {
    const attempt = (attempts.get(input.name) ?? 0) + 1;
    attempts.set(input.name, attempt);
    events.push(`start ${input.name}`);
    try {
      if (attempt <= (input.failures ?? 0))
        throw new StepError(`${input.name} failed on attempt ${attempt}`, { transient: input.transient });
      await delay(input.ms ?? 0, undefined, { signal: ctx.signal });
      return { name: input.name, attempt };
    } catch (err) {
      if (ctx.signal.aborted) events.push(`aborted ${input.name}`);
      throw err;
    } finally {
      events.push(`end ${input.name}`);
    }
  },
});

const dirs: string[] = [];
after(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

function pipelineOf(steps: string, output = '{ done: true }') {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'runner-'));
  dirs.push(dir);
  const head = 'path: /t\nsummary: t\nprice_usd: "0.01"\nestimated_seconds: 5\nrequest: { type: object }\nresult: { type: object }\n';
  const yaml = `${head}steps:\n${steps}\noutput: ${output}\n`;
  fs.writeFileSync(path.join(dir, 't.yaml'), yaml);
  const registry = testStepRegistry([taskStep]);
  return loadPipelines({ pipelinesDir: dir, schemasDir: path.resolve('schemas'), registry })[0];
}

function run(steps: string, output?: string, signal = new AbortController().signal) {
  const warnings: JobWarning[] = [];
  const progress: string[] = [];
  const result = runPipeline(
    pipelineOf(steps, output),
    {},
    {
      jobId: 'j1',
      workDir: os.tmpdir(),
      logger: pino({ level: 'silent' }),
      signal,
      services: {} as StepServices,
      engine: () => undefined,
      warn: (step, message) => void warnings.push({ step, message }),
      onProgress: (running, done) => void progress.push(`${running.join(',')}|${done}`),
    },
  );
  return { result, warnings, progress };
}

const task = (id: string, w: string, extra = '') => `  - id: ${id}\n    uses: task\n${extra}    with: { name: ${id}, ${w} }`;

describe('pipeline runner: order and concurrency', () => {
  it('starts a step when the steps it references end, and independent steps together', async () => {
    // b and c reference a; d references both (the test step takes any extra `with:` field).
    const steps = [
      task('a', 'ms: 10'),
      task('b', 'ms: 150, ref: "{{steps.a.name}}"'),
      task('c', 'ms: 150, ref: "{{steps.a.name}}"'),
      task('d', 'ms: 0, ref: ["{{steps.b.name}}", "{{steps.c.name}}"]'),
    ];
    const { result, progress } = run(steps.join('\n'), '"{{steps.d}}"');
    assert.deepEqual(await result, { name: 'd', attempt: 1 });
    const at = (e: string) => events.indexOf(e);
    assert.ok(at('end a') < at('start b') && at('end a') < at('start c'), events.join(' '));
    assert.ok(at('start c') < at('end b') && at('start b') < at('end c'), `b and c overlap: ${events.join(' ')}`);
    assert.ok(at('start d') > at('end b') && at('start d') > at('end c'), events.join(' '));
    assert.ok(
      progress.some((p) => p === 'b,c|1' || p === 'c,b|1'),
      `progress shows b and c running together: ${progress.join(' ')}`,
    );
    assert.equal(progress.at(-1), '|4');
  });

  it('shows a running step at every progress report between the first step and the end (never a gap between steps)', async () => {
    const chain = [task('a', 'ms: 20'), task('b', 'ms: 20, ref: "{{steps.a.name}}"'), task('c', 'ms: 20, ref: "{{steps.b.name}}"')];
    const { result, progress } = run(chain.join('\n'), '"{{steps.c}}"');
    await result;
    assert.deepEqual(progress, ['a|0', 'b|1', 'c|2', '|3']);
  });
});

describe('pipeline runner: retries', () => {
  it('retries a transient failure up to `retries` times', async () => {
    const { result } = run(task('a', 'failures: 2, transient: true', '    retries: 2\n'), '"{{steps.a}}"');
    assert.deepEqual(await result, { name: 'a', attempt: 3 });
  });

  it('does not retry a failure that is not transient, and fails the job with its message', async () => {
    const { result } = run(task('a', 'failures: 1, transient: false', '    retries: 3\n'));
    await assert.rejects(result, (err) => err instanceof JobFailure && err.message === 'a failed on attempt 1');
    assert.equal(attempts.get('a'), 1);
  });

  it('fails the job once the retries are spent', async () => {
    const { result } = run(task('a', 'failures: 5, transient: true', '    retries: 1\n'));
    await assert.rejects(result, (err) => err instanceof JobFailure && err.message === 'a failed on attempt 2');
    assert.equal(attempts.get('a'), 2);
  });
});

describe('pipeline runner: timeouts and cancellation', () => {
  it("fails a step that overruns timeout_seconds, aborting the step's signal", async () => {
    const { result } = run(task('a', 'ms: 5000', '    timeout_seconds: 0.1\n'));
    await assert.rejects(result, (err) => err instanceof JobFailure && err.message === "step 'a' (task) timed out after 0.1 s");
    await delay(20);
    assert.deepEqual(events, ['start a', 'aborted a', 'end a']);
  });

  it('stops every running step when the job is cancelled, and says the job was cancelled', async () => {
    const cancel = new AbortController();
    const { result } = run([task('a', 'ms: 5000'), task('b', 'ms: 5000')].join('\n'), undefined, cancel.signal);
    setTimeout(() => cancel.abort(new JobCancelled('the server shut down', false)), 50);
    await assert.rejects(result, (err) => err instanceof JobCancelled && err.message === 'the server shut down' && !err.handedOver);
    assert.deepEqual(events.filter((e) => e.startsWith('aborted')).sort(), ['aborted a', 'aborted b']);
  });

  it('fails the other running steps when one mandatory step fails', async () => {
    const { result } = run([task('a', 'ms: 5000'), task('b', 'failures: 1')].join('\n'));
    await assert.rejects(result, /b failed on attempt 1/);
    assert.ok(events.includes('aborted a'), events.join(' '));
  });
});

describe('pipeline runner: when and optional steps', () => {
  it('skips a step whose `when` is false (its output is null) and runs one whose `when` is true', async () => {
    const steps = [
      task('a', 'ms: 0'),
      task('b', 'ms: 0', '    when: "{{steps.a.missing}}"\n'),
      task('c', 'ms: 0', '    when: "{{steps.a.name}}"\n'),
    ];
    const { result } = run(steps.join('\n'), '{ b: "{{steps.b}}", c: "{{steps.c.name}}" }');
    assert.deepEqual(await result, { b: null, c: 'c' });
    assert.ok(!events.includes('start b'));
  });

  it('gives a failed optional step the output null and a warning, and goes on', async () => {
    const steps = [task('a', 'failures: 1', '    optional: true\n'), task('b', 'ms: 0')];
    const { result, warnings } = run(steps.join('\n'), '{ a: "{{steps.a}}", b: "{{steps.b.name}}" }');
    assert.deepEqual(await result, { a: null, b: 'b' });
    assert.deepEqual(warnings, [{ step: 'a', message: 'skipped: a failed on attempt 1' }]);
  });

  it('fails the job when the output breaks the result schema', async () => {
    const { result } = run(task('a', 'ms: 0'), '"{{steps.a.name}}"');
    await assert.rejects(result, /the result did not match the \/t result schema/);
  });
});
