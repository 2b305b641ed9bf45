import type { Logger } from 'pino';
import { KnownFailure } from '../engines/known-failure.js';
import { describeErrors } from '../json-schema/ajv.js';
import type { SourceHints } from '../sources/source-hints.js';
import { loadExecutor } from '../steps/load-executor.js';
import type { StepTools } from '../steps/step-tools.js';
import { onceDue } from '../timing/due-timer.js';
import { isTruthy, resolve } from './expression.js';
import { JobCancelled } from './job-cancelled.js';
import type { Pipeline, PipelineStep } from './pipeline.types.js';

/** One step's run: `skipped` is a false condition or an optional step that failed; `ms` its wall time. */
export interface StepTiming {
  id: string;
  uses: string;
  state: 'done' | 'skipped' | 'failed';
  ms: number;
}

/** A job failure with the message the client will read in `error`. */
export class JobFailure extends Error {}

export interface RunContext {
  jobId: string;
  workDir: string;
  logger: Logger;
  /** The job's signal: its abort reason (a JobCancelled) stops every running step. */
  signal: AbortSignal;
  tools: StepTools;
  /** What the check before payment learnt of the request's sources (none: the steps find out themselves). */
  sources?: SourceHints;
  engine(kind: string, name: string): void;
  /** Records a warning on the job: a skipped optional step, or one a step reports with `ctx.warn`. */
  warn(step: string, message: string): void;
  /** Called whenever the set of running or finished steps changes. */
  onProgress: (running: string[], done: number) => void;
  /** Called as each step starts and ends, with its time and output (step timings, the workbench's display). */
  onStep?: (event: StepEvent) => void;
}

/** The timing a step's end leaves on its job (`steps` of the envelope); null for its start. */
export function stepTiming(e: StepEvent): StepTiming | null {
  return e.state === 'started' ? null : { id: e.step, uses: e.uses, state: e.state, ms: e.ms ?? 0 };
}

/** One step's start or end: `skipped` is a false `when` or an optional step that failed (its `error`). */
export interface StepEvent {
  step: string;
  uses: string;
  state: 'started' | 'done' | 'skipped' | 'failed';
  /** Wall time of the step, on its end. */
  ms?: number;
  output?: unknown;
  error?: string;
}

const RETRY_BASE_MS = 250;

/**
 * Runs a pipeline's steps as a DAG: every step starts as soon as the steps it references have
 * finished, so independent steps run concurrently. The first failure of a mandatory step aborts the
 * others and fails the run; an optional step that fails outputs null, with a warning. The output is
 * validated against the result schema before it is returned. An abort of `ctx.signal` stops every running
 * step and rejects with a JobCancelled.
 */
export async function runPipeline(pipeline: Pipeline, request: Record<string, unknown>, ctx: RunContext): Promise<unknown> {
  const outputs: Record<string, unknown> = {};
  const scope = { request, steps: outputs, job: { id: ctx.jobId, endpoint_path: pipeline.path } };
  const finished = new Set<string>();
  const running = new Map<string, Promise<void>>();
  const abort = new AbortController();
  const onOuterAbort = () => abort.abort(ctx.signal.reason);
  ctx.signal.addEventListener('abort', onOuterAbort, { once: true });
  let failure: unknown = null;

  try {
    while (finished.size < pipeline.steps.length && failure === null) {
      for (const step of pipeline.steps) {
        if (finished.has(step.id) || running.has(step.id)) continue;
        if (!step.dependsOn.every((d) => finished.has(d))) continue;
        const p = runStep(step, scope, ctx, abort.signal)
          .then((out) => {
            outputs[step.id] = out;
            finished.add(step.id);
          })
          .catch((err) => {
            if (failure === null) failure = err;
            abort.abort(err);
          })
          .finally(() => running.delete(step.id));
        running.set(step.id, p);
      }
      // Told once the steps a finished one unblocked have started, so progress never shows a gap between steps.
      ctx.onProgress([...running.keys()], finished.size);
      if (running.size === 0) break; // nothing runnable: cannot happen for a validated DAG
      await Promise.race(running.values());
    }
    await Promise.allSettled(running.values());
    ctx.onProgress([], finished.size);
  } finally {
    ctx.signal.removeEventListener('abort', onOuterAbort);
  }
  // A cancelled job says so, not what its steps failed with when they were stopped.
  if (ctx.signal.aborted) throw JobCancelled.from(ctx.signal.reason);
  if (failure !== null) throw failure;

  const result = resolve(pipeline.output, scope);
  if (pipeline.validateResult && !pipeline.validateResult(result)) {
    const why = describeErrors(pipeline.validateResult.errors, 'result').slice(0, 5).join('; ');
    throw new JobFailure(`the result did not match the ${pipeline.path} result schema: ${why}`);
  }
  return result;
}

/**
 * Runs one step. The rule for missing evidence: a reference to a null output (a skipped optional
 * step) resolves to null or leaves the field out; when the step's `with` then fails validation, an
 * optional step is skipped too and a mandatory one fails the job naming the skipped steps it needed.
 */
async function runStep(step: PipelineStep, scope: Record<string, unknown>, ctx: RunContext, jobSignal: AbortSignal): Promise<unknown> {
  const label = `step '${step.id}' (${step.uses})`;
  const emit = (event: Omit<StepEvent, 'step' | 'uses'>) => ctx.onStep?.({ step: step.id, uses: step.uses, ...event });
  if (step.when !== null && !isTruthy(resolve(step.when, scope))) {
    ctx.logger.info({ step: step.id }, 'step skipped: its condition is false');
    emit({ state: 'skipped', ms: 0, output: null, error: 'its condition is false' });
    return null;
  }
  const started = Date.now();
  emit({ state: 'started' });
  try {
    const output = await attemptStep(step, scope, ctx, jobSignal);
    emit({ state: 'done', ms: Date.now() - started, output });
    return output;
  } catch (err) {
    const message = err instanceof JobFailure ? err.message : `${label} failed: ${(err as Error)?.message ?? String(err)}`;
    if (!step.optional || jobSignal.aborted || ctx.signal.aborted) {
      emit({ state: 'failed', ms: Date.now() - started, error: message });
      throw err instanceof JobFailure ? err : new JobFailure(message);
    }
    ctx.logger.warn({ step: step.id, err: message }, 'optional step skipped');
    ctx.warn(step.id, `skipped: ${message}`);
    emit({ state: 'skipped', ms: Date.now() - started, output: null, error: message });
    return null;
  }
}

async function attemptStep(step: PipelineStep, scope: Record<string, unknown>, ctx: RunContext, jobSignal: AbortSignal): Promise<unknown> {
  const label = `step '${step.id}' (${step.uses})`;
  const input = resolve(step.with, scope) as Record<string, unknown>;
  if (!step.validateWith(input)) {
    const outputs = scope.steps as Record<string, unknown>;
    const missing = step.dependsOn.filter((d) => outputs[d] === null);
    const why = describeErrors(step.validateWith.errors, 'with').slice(0, 3).join('; ');
    if (missing.length)
      throw new JobFailure(
        `${label} cannot run without the output of ${missing.map((d) => `'${d}'`).join(', ')}, which was skipped (${why})`,
      );
    throw new JobFailure(`${label} got unusable input: ${why}`);
  }
  const executor = await loadExecutor(step.spec);
  for (let attempt = 0; ; attempt++) {
    const started = Date.now();
    try {
      const output = await withTimeout(step, jobSignal, (signal) =>
        executor.run(input, {
          jobId: ctx.jobId,
          stepId: step.id,
          workDir: ctx.workDir,
          logger: ctx.logger.child({ step: step.id }),
          signal,
          tools: ctx.tools,
          source: (url) => ctx.sources?.[url] ?? null,
          engine: ctx.engine,
          warn: (message) => ctx.warn(step.id, message),
        }),
      );
      if (!step.validateOutput(output)) {
        throw new JobFailure(
          `${label} produced an invalid output: ${describeErrors(step.validateOutput.errors, 'output').slice(0, 3).join('; ')}`,
        );
      }
      ctx.logger.info({ step: step.id, ms: Date.now() - started }, 'step done');
      return output;
    } catch (err) {
      const transient = err instanceof KnownFailure && err.transient;
      if (transient && attempt < step.retries && !jobSignal.aborted) {
        ctx.logger.warn({ step: step.id, attempt: attempt + 1, err: (err as Error).message }, 'transient step failure; retrying');
        await new Promise((r) => setTimeout(r, RETRY_BASE_MS * 2 ** attempt));
        continue;
      }
      if (err instanceof JobFailure) throw err;
      if (err instanceof KnownFailure) throw new JobFailure(err.message);
      ctx.logger.error({ step: step.id, err: (err as Error)?.message ?? String(err), type: (err as Error)?.name }, 'step crashed');
      throw new JobFailure(`${label} failed: ${(err as Error)?.message ?? String(err)}`);
    }
  }
}

/** Runs `fn` with a signal that aborts on the step's timeout or the job's abort, whichever comes first. */
async function withTimeout<T>(step: PipelineStep, jobSignal: AbortSignal, fn: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const ac = new AbortController();
  const onJobAbort = () => ac.abort(jobSignal.reason);
  jobSignal.addEventListener('abort', onJobAbort, { once: true });
  let stopTimer: (() => void) | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    stopTimer = onceDue(step.timeoutSeconds * 1000, () => {
      const err = new JobFailure(`step '${step.id}' (${step.uses}) timed out after ${step.timeoutSeconds} s`);
      ac.abort(err);
      reject(err);
    });
  });
  const aborted = new Promise<never>((_, reject) => {
    if (jobSignal.aborted) reject(jobSignal.reason);
    jobSignal.addEventListener('abort', () => reject(jobSignal.reason), { once: true });
  });
  try {
    return await Promise.race([fn(ac.signal), timedOut, aborted]);
  } finally {
    stopTimer?.();
    jobSignal.removeEventListener('abort', onJobAbort);
  }
}
