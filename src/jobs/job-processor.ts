import fs from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import { returnFreedMemory } from '../engines/process/freed-memory.js';
import type { Metrics } from '../observability/metrics.js';
import { JobCancelled } from '../pipelines/job-cancelled.js';
import type { Pipeline } from '../pipelines/pipeline.types.js';
import type { PipelineRegistry } from '../pipelines/pipeline-registry.js';
import { JobFailure, runPipeline, type StepEvent, stepTiming } from '../pipelines/pipeline-runner.js';
import type { StepTools } from '../steps/step-tools.js';
import {
  type JobProgress,
  type JobRecord,
  type JobWarning,
  type QueuedJob,
  type QueueTicket,
  type StepTiming,
  TERMINAL_STATUSES,
} from './job.types.js';
import type { JobDurations } from './job-durations.js';
import type { JobEndListener } from './job-end-listener.js';
import type { JobStore } from './job-store.js';

/** How a run ended: a result, a failure message for the client, or stopped because another worker runs the job. */
type Outcome = { ok: true; result: unknown } | { ok: false; message: string } | { handedOver: string };

/** What a run recorded besides its outcome: the engines used, the warnings, each step's timing, the number of steps. */
interface RunRecord {
  engines: Record<string, string>;
  warnings: JobWarning[];
  steps: StepTiming[];
  total: number;
}

/**
 * What a worker does with one queued job: mark it processing, run its pipeline in a private work
 * directory, record the result or the error, and remove the directory whatever happens. A job that
 * already finished (a redelivery after a crash) is left alone, so it completes once. `signal` cancels
 * the run (see JobCancelled): the job then fails saying so, or, handed over, is left to the other worker.
 */
export class JobProcessor {
  constructor(
    private readonly pipelines: PipelineRegistry,
    private readonly store: JobStore,
    private readonly workRoot: string,
    private readonly logger: Logger,
    private readonly tools: StepTools,
    /** Counts jobs and times steps for GET /metrics (null: not counted). */
    private readonly metrics: Metrics | null = null,
    /** Where a completed job's duration is recorded (null: not recorded). */
    private readonly durations: JobDurations | null = null,
    /** Told when this processor ends a job, complete or failed (the job's callback_url; null: no one). */
    private readonly listener: JobEndListener | null = null,
  ) {}

  /**
   * Runs the job a queue handed over, its entry read from the store. A job that ended has none (a redelivery: left
   * alone); one still waiting without it (expired, or evicted from Redis) fails saying so instead of waiting forever.
   */
  async runTicket(ticket: QueueTicket, signal?: AbortSignal, report?: (progress: JobProgress) => void): Promise<void> {
    const entry = await this.store.entry(ticket.job_id);
    if (entry) return this.process(entry, signal, report);
    await this.fail(ticket.job_id, 'the request of this job is no longer stored (expired or evicted), so it cannot run');
  }

  /** `report`: told each progress too (BullMQ's own progress, which the queue dashboard shows). */
  async process(
    job: QueuedJob,
    signal: AbortSignal = new AbortController().signal,
    report?: (progress: JobProgress) => void,
  ): Promise<void> {
    const log = this.logger.child({ job_id: job.job_id });
    const record = await this.store.get(job.job_id);
    if (!record) return log.warn('job record is gone (expired); nothing to run');
    if (TERMINAL_STATUSES.has(record.status)) return log.info({ status: record.status }, 'job already finished; not running it again');

    const pipeline = await this.pipelineOf(job);
    if (!pipeline) return;
    const workDir = path.join(this.workRoot, 'jobs', job.job_id);
    await fs.rm(workDir, { recursive: true, force: true }); // leftovers of a crashed attempt
    await fs.mkdir(workDir, { recursive: true });
    await this.store.update(job.job_id, {
      status: 'processing',
      started_at: Date.now(),
      attempts: record.attempts + 1,
      progress: { step: null, steps_done: 0, steps_total: pipeline.steps.length },
    });
    log.info({ endpoint_path: job.endpoint_path, attempt: record.attempts + 1 }, 'job started');
    const { outcome, run } = await this.runIn(workDir, job, pipeline, signal, report, log);
    if (!('handedOver' in outcome)) this.metrics?.jobs.inc({ pipeline: pipeline.path, outcome: outcome.ok ? 'complete' : 'failed' });
    await this.record(job.job_id, outcome, run, log);
    if ('ok' in outcome && outcome.ok) this.noteDuration(pipeline.path, record.created_at);
    // What the job's frames, audio and threads freed would otherwise stay resident under the next job's peak.
    returnFreedMemory();
  }

  /** The pipeline the job was paid under, or null once the job is failed because this service no longer builds it. */
  private async pipelineOf(job: QueuedJob): Promise<Pipeline | null> {
    let pipeline: Pipeline | undefined;
    try {
      pipeline = this.pipelines.forJob(job.pipeline, job.endpoint_path);
    } catch (err) {
      await this.fail(job.job_id, `the pipeline this job was paid under no longer builds here: ${(err as Error).message}`);
      return null;
    }
    if (!pipeline) await this.fail(job.job_id, `this service no longer has the pipeline ${job.endpoint_path}`);
    return pipeline ?? null;
  }

  /**
   * Runs the pipeline in `workDir` (removed before this returns), writing progress as the steps go; returns how the
   * run ended and what it recorded (engines, warnings, step timings).
   */
  private async runIn(
    workDir: string,
    job: QueuedJob,
    pipeline: Pipeline,
    signal: AbortSignal,
    report: ((progress: JobProgress) => void) | undefined,
    log: Logger,
  ): Promise<{ outcome: Outcome; run: RunRecord }> {
    const total = pipeline.steps.length;
    // Progress writes are chained so they land in order and never race the final write.
    let writes = Promise.resolve();
    const onProgress = (running: string[], done: number) => {
      const progress = { step: running.length ? running.join(', ') : null, steps_done: done, steps_total: total };
      writes = writes.then(() => this.store.update(job.job_id, { progress }).then(() => undefined)).catch(() => undefined);
      report?.(progress);
    };
    const engines: Record<string, string> = {};
    const warnings: JobWarning[] = [];
    const steps: StepTiming[] = [];
    const onStep = (e: StepEvent) => {
      // What a step freed (its frames, audio, thread) would otherwise stay resident under the next step's peak.
      if (e.state === 'done') returnFreedMemory();
      const timing = stepTiming(e);
      if (!timing) return;
      steps.push(timing);
      this.metrics?.stepSeconds.observe({ pipeline: pipeline.path, step: e.step, uses: e.uses, outcome: e.state }, (e.ms ?? 0) / 1000);
    };
    let outcome: Outcome;
    try {
      const result = await runPipeline(pipeline, job.request, {
        jobId: job.job_id,
        workDir,
        logger: log,
        signal,
        tools: this.tools,
        sources: job.sources,
        engine: (kind, name) => void (engines[kind] = name),
        warn: (step, message) => void warnings.push({ step, message }),
        onProgress,
        onStep,
      });
      outcome = { ok: true, result };
    } catch (err) {
      outcome = outcomeOf(err, log);
    } finally {
      // Removed before the job is reported finished: a client that sees the end sees no leftovers.
      await fs.rm(workDir, { recursive: true, force: true });
    }
    await writes;
    return { outcome, run: { engines, warnings, steps, total } };
  }

  private async record(jobId: string, outcome: Outcome, run: RunRecord, log: Logger): Promise<void> {
    if ('handedOver' in outcome) return log.warn({ reason: outcome.handedOver }, 'job stopped here; another worker runs it');
    if (!outcome.ok) return this.fail(jobId, outcome.message, run.engines, run.warnings, run.steps);
    const { engines, warnings, steps, total } = run;
    await this.end(jobId, {
      status: 'complete',
      result: outcome.result,
      engines,
      warnings,
      steps,
      completed_at: Date.now(),
      progress: { step: null, steps_done: total, steps_total: total },
    });
    log.info('job complete');
  }

  /** Writes the job's end (every ending passes here) and tells the listener. */
  private async end(jobId: string, patch: Partial<JobRecord>): Promise<void> {
    const record = await this.store.update(jobId, patch);
    if (record) this.listener?.notify(record);
  }

  /** The completed job's time from acceptance to result, for the estimates clients are given; never fails the job. */
  private noteDuration(path: string, createdAt: number): void {
    this.durations?.record(path, (Date.now() - createdAt) / 1000).catch((err: Error) => {
      this.logger.warn({ err: err.message }, 'recording the job duration failed');
    });
  }

  /** Marks a job failed unless it already finished. */
  async fail(
    jobId: string,
    message: string,
    engines?: Record<string, string>,
    warnings?: JobWarning[],
    steps?: StepTiming[],
  ): Promise<void> {
    const record = await this.store.get(jobId);
    if (!record || TERMINAL_STATUSES.has(record.status)) return;
    await this.end(jobId, {
      status: 'failed',
      error: message,
      completed_at: Date.now(),
      progress: { ...record.progress, step: null },
      ...(engines ? { engines } : {}),
      ...(warnings ? { warnings } : {}),
      ...(steps ? { steps } : {}),
    });
    this.logger.warn({ job_id: jobId, error: message }, 'job failed');
  }
}

function outcomeOf(err: unknown, log: Logger): Outcome {
  if (err instanceof JobCancelled)
    return err.handedOver ? { handedOver: err.message } : { ok: false, message: `the job was cancelled: ${err.message}` };
  if (err instanceof JobFailure) return { ok: false, message: err.message };
  log.error({ err: (err as Error)?.message ?? String(err), type: (err as Error)?.name }, 'job crashed');
  return { ok: false, message: `internal error: ${(err as Error)?.message ?? err}` };
}
