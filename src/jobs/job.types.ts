import type { Receipt } from '../chains/receipt.js';
import type { PipelineSource } from '../pipelines/pipeline.types.js';
import type { StepTiming } from '../pipelines/pipeline-runner.js';
import type { SourceHints } from '../sources/source-hints.js';

/** Job states served (docs/design.md, Decisions): `running` is served as `processing`. */
export type JobStatus = 'queued' | 'processing' | 'complete' | 'failed';

export interface JobProgress {
  /** The step(s) running now, comma-separated; null before the first and after the last. */
  step: string | null;
  steps_done: number;
  steps_total: number;
}

/** The stored job. Its public form is built by job-envelope.ts. */
export interface JobRecord {
  id: string;
  endpoint_path: string;
  status: JobStatus;
  created_at: number;
  started_at?: number;
  completed_at?: number;
  cost_usd: number;
  progress: JobProgress;
  result?: unknown;
  error?: string;
  receipt: Receipt | null;
  affiliate_id: string | null;
  engines: Record<string, string>;
  /** What was skipped or degraded without failing the job (optional steps, unreadable frames...). */
  warnings?: JobWarning[];
  /** Each finished step's timing, in the order they ended (empty until the job has run). */
  steps?: StepTiming[];
  /** How many times a worker has started this job (more than 1 after a crash recovery). */
  attempts: number;
  /** Where the finished job's envelope is posted (the request's callback_url), if anywhere. */
  callback_url?: string;
}

export type { StepTiming };

/** One thing a job did without: the step and why. */
export interface JobWarning {
  step: string;
  message: string;
}

/** What a worker needs to run a job, kept in the job store (its queue entry) until the job ends. */
export interface QueuedJob {
  job_id: string;
  endpoint_path: string;
  /** The pipeline as it was when the job was accepted. */
  pipeline: PipelineSource;
  request: Record<string, unknown>;
  /** What the check before payment learnt of the request's sources. */
  sources?: SourceHints;
}

/**
 * What a queue carries for a job: its id, the worker reading the entry (the request, images included) from the job
 * store, so an image is written to Redis and copied on the event loop once, and a process that puts a job back on the
 * queue never reads it.
 */
export type QueueTicket = Pick<QueuedJob, 'job_id' | 'endpoint_path'>;

export const TERMINAL_STATUSES: ReadonlySet<JobStatus> = new Set(['complete', 'failed']);
