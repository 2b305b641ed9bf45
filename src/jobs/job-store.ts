import type { JobRecord } from './job.types.js';

/** Where job records live for their retention period. Implemented over Redis and in memory. */
export interface JobStore {
  /** Stores a new record; it expires `retention` after `created_at`. */
  create(record: JobRecord): Promise<void>;
  /** The record, or null when unknown or past retention. */
  get(id: string): Promise<JobRecord | null>;
  /** Merges `patch` into a live record and returns it; null when the record is gone. */
  update(id: string, patch: Partial<JobRecord>): Promise<JobRecord | null>;
  close(): Promise<void>;
}

export function isExpired(record: JobRecord, retentionMs: number, now = Date.now()): boolean {
  return now >= record.created_at + retentionMs;
}
