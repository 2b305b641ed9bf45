import type { OnApplicationBootstrap } from '@nestjs/common';
import type { JobProcessor } from './job-processor.js';
import type { JobWorker } from './job-worker.js';
import type { MemoryJobQueue } from './memory-job-queue.js';
import { couldNotRun, tryRunning } from './processor-retries.js';

/** Runs the in-process queue's jobs in this process (no Redis: ROLE=all only). */
export class MemoryJobWorker implements JobWorker, OnApplicationBootstrap {
  constructor(
    private readonly queue: MemoryJobQueue,
    private readonly processor: JobProcessor,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    // As BullMQ does for the shared queue: a processor's throw tried again after a pause, then the job failed saying why.
    await this.queue.startWorker((ticket, signal) =>
      tryRunning(
        () => this.processor.runTicket(ticket, signal),
        (err) => this.processor.fail(ticket.job_id, couldNotRun(err.message)),
        signal,
      ),
    );
  }

  /** Never early: the in-process queue holds the jobs a draining HTTP server still accepts, and only this worker runs them. */
  stopTaking(): void {}

  /** The queue's own close waits for the running jobs, then cancels them. */
  async close(): Promise<void> {}
}
