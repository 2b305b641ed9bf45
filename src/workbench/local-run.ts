import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type { AppConfig } from '../app/app-config.js';
import { loadConfig } from '../app/load-config.js';
import type { JobWarning, StepTiming } from '../jobs/job.types.js';
import { describeErrors } from '../json-schema/ajv.js';
import type { Pipeline } from '../pipelines/pipeline.types.js';
import { loadPipelines } from '../pipelines/pipeline-loader.js';
import { JobFailure, runPipeline, type StepEvent, stepTiming } from '../pipelines/pipeline-runner.js';
import { sourceUrlOptions } from '../pipelines/source-url-keyword.js';
import { loadStepRegistry } from '../pipelines/step-registry.js';
import { createStepTools } from '../steps/create-step-tools.js';
import { PromptPreviewStop, PromptRecorder, type RecordedPrompt } from './prompt-recorder.js';

/** What to run, and where the operator's working copy of pipelines, prompts and schemas is. */
export interface LocalRunOptions {
  /** A pipeline's name (`analyze`, from analyze.yaml) or its route (`/analyze`). */
  pipeline: string;
  body: Record<string, unknown>;
  /** The environment the configuration is read from (as the service reads it). */
  env: NodeJS.ProcessEnv;
  dirs?: { pipelines?: string; prompts?: string; schemas?: string };
  /** Keep the evidence here: the work directory (keyframes, audio), every step's output and the result. */
  saveDir?: string;
  /** Render the model prompts with the real evidence and stop there: no model is called. */
  promptOnly?: boolean;
  onStep?: (event: StepEvent) => void;
}

/** A step's timing as a job carries it, and why it was skipped or failed. */
export type RunStepTiming = StepTiming & { error?: string };

/** The outcome of one local run: the result or the error, and everything the steps produced on the way. */
export interface LocalRunReport {
  pipeline: string;
  path: string;
  ok: boolean;
  result?: unknown;
  error?: string;
  ms: number;
  steps: RunStepTiming[];
  outputs: Record<string, unknown>;
  warnings: JobWarning[];
  engines: Record<string, string>;
  /** With promptOnly: what each model call would have sent. */
  prompts: RecordedPrompt[];
}

/** The recorder's stop, as it appears in the step's error. */
const STOP = new PromptPreviewStop().message;

/** A request the pipeline refuses before running (the service would answer 400): nothing ran. */
export class RequestRefused extends Error {}

/**
 * Runs a pipeline in this process, as a worker would, without a server, a queue or a payment: the
 * operator's loop for a pipeline or prompt change. Engines come from the same configuration as the service.
 */
export async function runLocally(opts: LocalRunOptions): Promise<LocalRunReport> {
  const config = configFor(opts);
  const pipeline = await findPipeline(config, opts.pipeline);
  if (!pipeline.validateRequest(opts.body)) {
    throw new RequestRefused(`invalid request for ${pipeline.path}: ${describeErrors(pipeline.validateRequest.errors).join('; ')}`);
  }
  const running = new Set<string>();
  const recorder = opts.promptOnly ? new PromptRecorder(config.engines.llm.vision, () => [...running]) : null;
  const { promptsDir, schemasDir, knowledgeDir } = config.pipelines;
  const tools = createStepTools(config.engines, { promptsDir, schemasDir, knowledgeDir });
  const workDir = opts.saveDir ? path.resolve(opts.saveDir, 'work') : await fs.mkdtemp(path.join(os.tmpdir(), 'vidint-run-'));
  await fs.mkdir(workDir, { recursive: true });
  const report: LocalRunReport = {
    pipeline: pipeline.name,
    path: pipeline.path,
    ok: false,
    ms: 0,
    steps: [],
    outputs: {},
    warnings: [],
    engines: {},
    prompts: [],
  };
  const started = Date.now();
  try {
    report.result = await runPipeline(pipeline, opts.body, {
      jobId: randomUUID(),
      workDir,
      logger: pino({ level: process.env.LOG_LEVEL === 'debug' ? 'debug' : 'silent' }),
      signal: new AbortController().signal,
      tools: recorder ? { ...tools, llm: recorder } : tools,
      engine: (kind, name) => void (report.engines[kind] = name),
      warn: (step, message) => void report.warnings.push({ step, message }),
      onProgress: () => undefined,
      onStep: stepRecorder(report, running, recorder !== null, opts.onStep),
    });
    report.ok = true;
  } catch (err) {
    report.error = err instanceof JobFailure ? err.message : `internal error: ${(err as Error).message}`;
  } finally {
    report.ms = Date.now() - started;
    report.prompts = recorder?.prompts ?? [];
    if (opts.saveDir) await saveEvidence(opts.saveDir, report);
    else await fs.rm(workDir, { recursive: true, force: true });
  }
  // A prompt preview ends at the model call on purpose: that is its success, not a failure.
  if (recorder && report.prompts.length > 0 && report.error?.includes(STOP)) report.error = undefined;
  return report;
}

/** The service's configuration from the given environment, with the operator's folders in place of the configured ones. */
function configFor(opts: LocalRunOptions): AppConfig {
  return loadConfig({
    ...opts.env,
    ...(opts.dirs?.pipelines ? { PIPELINES_DIR: path.resolve(opts.dirs.pipelines) } : {}),
    ...(opts.dirs?.prompts ? { PROMPTS_DIR: path.resolve(opts.dirs.prompts) } : {}),
    ...(opts.dirs?.schemas ? { SCHEMAS_DIR: path.resolve(opts.dirs.schemas) } : {}),
  });
}

/**
 * Records each step's timing and output in the report, keeps `running` to the steps under way (the prompt recorder
 * names them), and passes each event on; with a prompt preview, the step stopped at its model call shows as skipped.
 */
function stepRecorder(
  report: LocalRunReport,
  running: Set<string>,
  previewing: boolean,
  onStep: LocalRunOptions['onStep'],
): (event: StepEvent) => void {
  return (event) => {
    const timing = stepTiming(event);
    if (!timing) running.add(event.step);
    else {
      running.delete(event.step);
      report.steps.push({ ...timing, ...(event.error ? { error: event.error } : {}) });
      if (event.state !== 'failed') report.outputs[event.step] = event.output ?? null;
    }
    onStep?.(
      previewing && event.error?.includes(STOP) ? { ...event, state: 'skipped', error: 'rendered; the model was not called' } : event,
    );
  };
}

/** Loads the pipelines folder (every file validated, as at start-up) and picks one by name or route. */
async function findPipeline(config: AppConfig, wanted: string): Promise<Pipeline> {
  const pipelines = loadPipelines({
    pipelinesDir: config.pipelines.pipelinesDir,
    schemasDir: config.pipelines.schemasDir,
    registry: await loadStepRegistry(config.pipelines.stepModules),
    sourceUrls: sourceUrlOptions(config.engines),
  });
  const found = pipelines.find((p) => p.name === wanted || p.path === wanted || p.path === `/${wanted}`);
  if (!found)
    throw new RequestRefused(
      `no pipeline '${wanted}' in ${config.pipelines.pipelinesDir} (there are: ${pipelines.map((p) => p.name).join(', ')})`,
    );
  return found;
}

async function saveEvidence(dir: string, report: LocalRunReport): Promise<void> {
  await fs.mkdir(path.join(dir, 'steps'), { recursive: true });
  for (const [step, output] of Object.entries(report.outputs)) {
    await fs.writeFile(path.join(dir, 'steps', `${step}.json`), `${JSON.stringify(output, null, 2)}\n`);
  }
  const { outputs: _outputs, ...summary } = report;
  await fs.writeFile(path.join(dir, 'report.json'), `${JSON.stringify(summary, null, 2)}\n`);
}
