import type { JobRecord, QueuedJob } from './job.types.js';

/** Where job records live for their retention period. Implemented over Redis and in memory. */
export interface JobStore {
  /**
   * Stores a new record and the queue entry that runs it; it expires `retention` after `created_at`.
   * The entry is kept until the job ends: a worker reads it when it takes the job (again, after a crash), and a
   * record still `queued` whose queue entry never came to be (its writer died before enqueueing it) or was lost can
   * be enqueued again (see `waiting`).
   */
  create(record: JobRecord, entry: QueuedJob): Promise<void>;
  /** The record, or null when unknown or past retention. */
  get(id: string): Promise<JobRecord | null>;
  /** Merges `patch` into a live record and returns it; null when the record is gone. */
  update(id: string, patch: Partial<JobRecord>): Promise<JobRecord | null>;
  /** The ids of jobs still `queued` that were created before `before` (epoch ms), oldest first. */
  waiting(before: number, limit: number): Promise<string[]>;
  /**
   * The ids of jobs recorded `processing` whose run started before `before` (epoch ms), oldest first: a job whose
   * queue ended it while its record did not hear of it (a failover lost the write of its end) is run again.
   */
  running(before: number, limit: number): Promise<string[]>;
  /** The queue entry of a job that has not ended, or null. */
  entry(id: string): Promise<QueuedJob | null>;
  close(): Promise<void>;
}

export function isExpired(record: JobRecord, retentionMs: number, now = Date.now()): boolean {
  return now >= record.created_at + retentionMs;
}
