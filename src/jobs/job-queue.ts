import type { QueuedJob } from './job.types.js';

/** Runs one job; `signal` aborts (with a JobCancelled) when the queue stops the job before it ends. */
export type JobHandler = (job: QueuedJob, signal: AbortSignal) => Promise<void>;

/** Carries accepted jobs to workers. Implemented by BullMQ (Redis) and in memory. */
export interface JobQueue {
  readonly driver: 'bullmq' | 'memory';
  enqueue(job: QueuedJob): Promise<void>;
  /** Starts consuming in this process. `onLost` is told of jobs the queue gave up on (a worker died too often). */
  startWorker(handler: JobHandler, onLost: (jobId: string, reason: string) => Promise<void>): Promise<void>;
  /** Whether the backing service answers (for /healthz). */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}
