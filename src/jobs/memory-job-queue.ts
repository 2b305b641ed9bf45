import fastq from 'fastq';
import { JobCancelled } from '../pipelines/job-cancelled.js';
import type { QueueTicket } from './job.types.js';
import type { JobHandler, JobQueue } from './job-queue.js';

/** How long close() lets running jobs finish before it cancels them. */
const CLOSE_GRACE_MS = 10_000;

/**
 * The embedded default: an in-process FIFO (fastq) run with bounded concurrency, paused until a worker starts.
 * Jobs do not survive a restart.
 */
export class MemoryJobQueue implements JobQueue {
  readonly driver = 'memory' as const;
  /** Ids waiting or running: enqueueing one again is a no-op, as in BullMQ. */
  private readonly seen = new Set<string>();
  /** Each running job's cancel switch, by the promise of its run. */
  private readonly running = new Map<Promise<void>, AbortController>();
  private readonly fifo: fastq.queue<QueueTicket>;
  private handler: JobHandler | null = null;
  private closed = false;

  constructor(
    concurrency: number,
    private readonly closeGraceMs = CLOSE_GRACE_MS,
  ) {
    this.fifo = fastq((job: QueueTicket, done: fastq.done) => void this.run(job).then(() => done(null)), concurrency);
    this.fifo.pause();
  }

  async enqueue(job: QueueTicket): Promise<void> {
    if (this.closed) throw new Error('the job queue is closed');
    if (this.seen.has(job.job_id)) return;
    this.seen.add(job.job_id);
    this.fifo.push(job);
  }

  async holds(jobId: string): Promise<boolean> {
    return this.seen.has(jobId);
  }

  /** A job that ended has left the in-process queue: only a waiting or running one is not queued again. */
  async enqueueAgain(job: QueueTicket): Promise<boolean> {
    if (this.seen.has(job.job_id)) return false;
    await this.enqueue(job);
    return true;
  }

  /** Makes this process run the queued jobs (the in-process worker, see MemoryJobWorker). */
  async startWorker(handler: JobHandler): Promise<void> {
    this.handler = handler;
    if (!this.closed) this.fifo.resume();
  }

  private run(job: QueueTicket): Promise<void> {
    const cancel = new AbortController();
    // fastq calls this inside enqueue(): the job starts on the next turn of the event loop, so the request
    // that queued it is answered first instead of after the job's synchronous work.
    const p: Promise<void> = new Promise<void>((started) => setImmediate(started))
      .then(() => this.handler!(job, cancel.signal))
      .catch(() => undefined) // the handler records failures on the job itself
      .finally(() => {
        this.running.delete(p);
        this.seen.delete(job.job_id);
      });
    this.running.set(p, cancel);
    return p;
  }

  /** Only what it holds: finished jobs leave the in-process queue (their records stay in the store). */
  async counts(): Promise<Record<string, number>> {
    return { waiting: this.fifo.length(), active: this.running.size };
  }

  async ping(): Promise<boolean> {
    return !this.closed;
  }

  /**
   * Takes no more jobs, lets the running ones finish for the grace period, then cancels them: no other
   * process will run them (they live in this one), so they fail saying they were cancelled.
   */
  async close(): Promise<void> {
    this.closed = true;
    this.fifo.pause();
    const all = Promise.allSettled([...this.running.keys()]);
    const grace = new Promise<void>((r) => setTimeout(r, this.closeGraceMs).unref());
    await Promise.race([all, grace]);
    const stop = new JobCancelled('the server shut down before the job finished', false);
    for (const cancel of this.running.values()) cancel.abort(stop);
    await all;
  }
}
