import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { pino } from 'pino';
import { KnownFailure } from '../../src/engines/known-failure.js';
import { runProcess } from '../../src/engines/process/run-process.js';
import type { JobWarning } from '../../src/jobs/job.types.js';
import { loadPipelines } from '../../src/pipelines/pipeline-loader.js';
import { runPipeline } from '../../src/pipelines/pipeline-runner.js';
import { StepRegistry } from '../../src/pipelines/step-registry.js';
import { defineStep } from '../../src/steps/step.js';
import type { StepTools } from '../../src/steps/step-tools.js';

/**
 * The pipeline runner on real loaded pipelines, with one test step, `task`, that records when it starts and ends
 * (in `events`), can wait `ms`, and can fail its first `failures` attempts (transiently or not).
 */
export const events: string[] = [];
export const attempts = new Map<string, number>();

interface TaskInput {
  name: string;
  ms?: number;
  /** Wait the `ms` in a child process (`sleep`), whose end the event loop reads as I/O, not on a timer. */
  in_child?: boolean;
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
    properties: {
      name: { type: 'string' },
      ms: { type: 'number' },
      in_child: { type: 'boolean' },
      failures: { type: 'integer' },
      transient: { type: 'boolean' },
    },
  },
  output: { type: 'object', required: ['name', 'attempt'], properties: { name: { type: 'string' }, attempt: { type: 'integer' } } },
  example: '',
  async run(input, ctx) {
    const attempt = (attempts.get(input.name) ?? 0) + 1;
    attempts.set(input.name, attempt);
    events.push(`start ${input.name}`);
    try {
      if (attempt <= (input.failures ?? 0))
        throw new KnownFailure(`${input.name} failed on attempt ${attempt}`, { transient: input.transient });
      if (input.in_child) await runProcess('sleep', [String((input.ms ?? 0) / 1000)], { signal: ctx.signal, name: 'sleep' });
      else await delay(input.ms ?? 0, undefined, { signal: ctx.signal });
      return { name: input.name, attempt };
    } catch (err) {
      if (ctx.signal.aborted) events.push(`aborted ${input.name}`);
      throw err;
    } finally {
      events.push(`end ${input.name}`);
    }
  },
});

/** A `task` step named `id`, with more `with:` fields (`w`) and step fields (`extra`, each line indented). */
export const task = (id: string, w: string, extra = '') => `  - id: ${id}\n    uses: task\n${extra}    with: { name: ${id}, ${w} }`;

const dirs: string[] = [];
/** Forgets the events and attempts of the last run (each test starts with none). */
export function resetRuns(): void {
  events.length = 0;
  attempts.clear();
}
/** Removes the pipeline folders written. */
export function removeRunDirs(): void {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
}

function pipelineOf(steps: string, output: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'runner-'));
  dirs.push(dir);
  const head = 'path: /t\nsummary: t\nprice_usd: "0.01"\nestimated_seconds: 5\nrequest: { type: object }\nresult: { type: object }\n';
  fs.writeFileSync(path.join(dir, 't.yaml'), `${head}steps:\n${steps}\noutput: ${output}\n`);
  return loadPipelines({ pipelinesDir: dir, schemasDir: path.resolve('schemas'), registry: new StepRegistry([taskStep]) })[0];
}

/** Runs a pipeline of `steps` (YAML list items) and `output`: its result, the warnings and each progress report. */
export function runSteps(steps: string, output = '{ done: true }', signal = new AbortController().signal) {
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
      tools: {} as StepTools,
      engine: () => undefined,
      warn: (step, message) => void warnings.push({ step, message }),
      onProgress: (running, done) => void progress.push(`${running.join(',')}|${done}`),
    },
  );
  return { result, warnings, progress };
}
