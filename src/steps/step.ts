import type { Logger } from 'pino';
import type { SourceHint } from '../sources/source-hints.js';
import type { SourceKind } from '../sources/source-kind.js';
import type { StepTools } from './step-tools.js';

export type JsonSchema = Record<string, unknown>;

/** What a step executor sees besides its resolved `with:`: nothing of queues or HTTP. */
export interface StepContext {
  jobId: string;
  stepId: string;
  /** The job's private work directory; removed when the job ends. */
  workDir: string;
  logger: Logger;
  /** Aborted when the step times out or the job is cancelled. */
  signal: AbortSignal;
  /** Settings, and the engines behind their ports (video, OCR, web, speech, chat, ...), built from config. */
  tools: StepTools;
  /** What the check before payment learnt of a request URL (the media file a page carries, ...), or null. */
  source(url: string): SourceHint | null;
  /** Names the engine that produced part of the result (e.g. `speech`, `pocketsphinx 0.8`): shown in the job's `engines`. */
  engine(kind: string, name: string): void;
  /** Records a warning on the job (`warnings: [{step, message}]`): something skipped or degraded, not fatal. */
  warn(message: string): void;
}

/**
 * One step's spec: its documentation, the JSON Schemas of its `with:` and of its output, examples. The pipeline
 * schema and the step reference (docs/steps.md) are generated from these specs, so the documentation cannot drift
 * from the code. Routes, prices and load-time checks need nothing else, so a process
 * that only takes requests (ROLE=api) never imports a step's executor or the engines it runs on.
 */
export interface StepSpec {
  type: string;
  summary: string;
  description: string;
  with: JsonSchema;
  output: JsonSchema;
  example: string;
  /**
   * The `with:` fields that hold a URL this step fetches, and what it expects there. Fed from a request field,
   * such a URL must be checked before payment: the loader refuses a pipeline whose request field lacks
   * `x-source-url`, and the pre-settlement check inspects the URL as this kind (sources/).
   */
  fetches?: Readonly<Record<string, SourceKind>>;
  /**
   * Load-time checks beyond the `with:` schema (that a name it refers to exists, ...), run on the `with:` as
   * written: each problem as "with.<field>: <why>". A value that is an expression is known only at run time.
   */
  check?(withValue: Record<string, unknown>): string[];
}

/** One step executor: its spec and its function. */
export interface StepExecutor<W = unknown, O = unknown> extends StepSpec {
  run(input: W, ctx: StepContext): Promise<O>;
}

/** A step's spec, in its own file (`<name>.spec.ts`) beside its executor. */
export function defineSpec(spec: StepSpec): StepSpec {
  return spec;
}

/** A step executor: usually its spec spread in, plus `run`. */
export function defineStep<W, O>(executor: StepExecutor<W, O>): StepExecutor<W, O> {
  return executor;
}

/** Whether a spec is an executor too (a registry built of executors, as tests and the workbench may build). */
export function isExecutor(spec: StepSpec): spec is StepExecutor {
  return typeof (spec as Partial<StepExecutor>).run === 'function';
}
