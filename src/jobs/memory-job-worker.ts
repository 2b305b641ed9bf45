import type { OnApplicationBootstrap } from '@nestjs/common';
import type { JobProcessor } from './job-processor.js';
import type { JobWorker } from './job-worker.js';
import type { MemoryJobQueue } from './memory-job-queue.js';

/** Runs the in-process queue's jobs in this process (no Redis: ROLE=all only). */
export class MemoryJobWorker implements JobWorker, OnApplicationBootstrap {
  constructor(
    private readonly queue: MemoryJobQueue,
    private readonly processor: JobProcessor,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.startWorker((ticket, signal) => this.processor.runTicket(ticket, signal));
  }

  /** Never early: the in-process queue holds the jobs a draining HTTP server still accepts, and only this worker runs them. */
  stopTaking(): void {}

  /** The queue's own close waits for the running jobs, then cancels them. */
  async close(): Promise<void> {}
}
