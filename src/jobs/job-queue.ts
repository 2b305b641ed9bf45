import type { QueueTicket } from './job.types.js';

/** Runs one job; `signal` aborts (with a JobCancelled) when the queue stops the job before it ends. */
export type JobHandler = (ticket: QueueTicket, signal: AbortSignal) => Promise<void>;

/** Carries accepted jobs to workers. Implemented by BullMQ (Redis) and in memory; workers consume it (see job-worker.ts). */
export interface JobQueue {
  readonly driver: 'bullmq' | 'memory';
  /** Queues the job the ticket names (its entry is in the job store); an id the queue holds already is ignored. */
  enqueue(ticket: QueueTicket): Promise<void>;
  /** Whether the queue holds job `jobId` (waiting, running, or kept after it ran). */
  holds(jobId: string): Promise<boolean>;
  /**
   * Queues again a job whose record says it never ran or never ended, unless it is waiting or running: an entry kept
   * after it ended is replaced (its run found no record, or what it wrote was lost with a failed-over Redis). True when
   * queued.
   */
  enqueueAgain(ticket: QueueTicket): Promise<boolean>;
  /** Whether the backing service answers (for /healthz). */
  ping(): Promise<boolean>;
  /** Jobs by state (waiting, active, completed, failed, ...), for the queue-depth gauge of GET /metrics. */
  counts(): Promise<Record<string, number>>;
  close(): Promise<void>;
}
