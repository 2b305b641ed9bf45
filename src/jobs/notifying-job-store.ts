import { type JobRecord, type QueuedJob, TERMINAL_STATUSES } from './job.types.js';
import type { JobStore } from './job-store.js';

/** Told when a job ends (complete or failed): the webhooks module's sender delivers the job's callback_url. */
export interface JobEndListener {
  notify(record: JobRecord): void;
}

/**
 * The job store a worker writes through, which tells the listener when a write finishes the job
 * (complete or failed, whichever path wrote it). The store is the one place every ending passes.
 */
export class NotifyingJobStore implements JobStore {
  constructor(
    private readonly inner: JobStore,
    private readonly listener: JobEndListener,
  ) {}

  async update(id: string, patch: Partial<JobRecord>): Promise<JobRecord | null> {
    const record = await this.inner.update(id, patch);
    if (record && patch.status && TERMINAL_STATUSES.has(patch.status)) this.listener.notify(record);
    return record;
  }

  create(record: JobRecord, entry: QueuedJob): Promise<void> {
    return this.inner.create(record, entry);
  }

  get(id: string): Promise<JobRecord | null> {
    return this.inner.get(id);
  }

  waiting(before: number, limit: number): Promise<string[]> {
    return this.inner.waiting(before, limit);
  }

  entry(id: string): Promise<QueuedJob | null> {
    return this.inner.entry(id);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
