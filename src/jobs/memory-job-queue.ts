import type { JobHandler, JobQueue } from './job-queue.js';
import type { QueuedJob } from './job.types.js';

/** The embedded default: an in-process FIFO run with bounded concurrency. Jobs do not survive a restart. */
export class MemoryJobQueue implements JobQueue {
  readonly driver = 'memory' as const;
  private readonly waiting: QueuedJob[] = [];
  /** Ids waiting or running: enqueueing one again is a no-op, as in BullMQ. */
  private readonly seen = new Set<string>();
  private readonly running = new Set<Promise<void>>();
  private handler: JobHandler | null = null;
  private closed = false;

  constructor(private readonly concurrency: number) {}

  async enqueue(job: QueuedJob): Promise<void> {
    if (this.closed) throw new Error('the job queue is closed');
    if (this.seen.has(job.job_id)) return;
    this.seen.add(job.job_id);
    this.waiting.push(job);
    this.pump();
  }

  /** Makes this process run the queued jobs (the in-process worker, see MemoryJobWorker). */
  async startWorker(handler: JobHandler): Promise<void> {
    this.handler = handler;
    this.pump();
  }

  private pump(): void {
    while (this.handler && !this.closed && this.running.size < this.concurrency && this.waiting.length) {
      const job = this.waiting.shift()!;
      const p: Promise<void> = this.handler(job)
        .catch(() => undefined) // the handler records failures on the job itself
        .finally(() => {
          this.running.delete(p);
          this.seen.delete(job.job_id);
          this.pump();
        });
      this.running.add(p);
    }
  }

  /** Only what it holds: finished jobs leave the in-process queue (their records stay in the store). */
  async counts(): Promise<Record<string, number>> {
    return { waiting: this.waiting.length, active: this.running.size };
  }

  async ping(): Promise<boolean> {
    return !this.closed;
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.allSettled([...this.running]);
  }
}
