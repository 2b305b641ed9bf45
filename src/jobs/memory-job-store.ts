import { type JobRecord, type JobStatus, type QueuedJob, TERMINAL_STATUSES } from './job.types.js';
import { LocalJobChanges } from './job-changes.js';
import { isExpired, type JobStore } from './job-store.js';

/** The embedded default: records in this process, swept when they pass retention. */
export class MemoryJobStore implements JobStore {
  private readonly records = new Map<string, JobRecord>();
  /** The queue entries of jobs that have not ended. */
  private readonly entries = new Map<string, QueuedJob>();
  private readonly sweeper: NodeJS.Timeout;

  /** Each change announced here (GET /jobs/{id}/events follows it). */
  readonly changes = new LocalJobChanges();

  constructor(private readonly retentionMs: number) {
    this.sweeper = setInterval(() => this.sweep(), Math.min(60_000, retentionMs)).unref();
  }

  async create(record: JobRecord, entry: QueuedJob): Promise<void> {
    // A record past retention is gone, as its Redis key would be (the sweep may not have come by yet).
    const current = this.records.get(record.id);
    if (current && !isExpired(current, this.retentionMs)) throw new Error(`job ${record.id} exists already`);
    this.records.set(record.id, structuredClone(record));
    if (record.status === 'queued') this.entries.set(record.id, structuredClone(entry));
  }

  async get(id: string): Promise<JobRecord | null> {
    const r = this.records.get(id);
    if (!r) return null;
    if (isExpired(r, this.retentionMs)) {
      this.records.delete(id);
      return null;
    }
    return structuredClone(r);
  }

  async update(id: string, patch: Partial<JobRecord>): Promise<JobRecord | null> {
    const r = await this.get(id);
    if (!r) return null;
    const next = { ...r, ...structuredClone(patch) };
    this.records.set(id, next);
    if (TERMINAL_STATUSES.has(next.status)) this.entries.delete(id);
    this.changes.announce(id);
    return structuredClone(next);
  }

  async waiting(before: number, limit: number): Promise<string[]> {
    return this.unfinished('queued', (r) => r.created_at, before, limit);
  }

  async running(before: number, limit: number): Promise<string[]> {
    return this.unfinished('processing', (r) => r.started_at ?? 0, before, limit);
  }

  /** Jobs not ended, in `status` since (`since`) before `before`. */
  private async unfinished(status: JobStatus, since: (r: JobRecord) => number, before: number, limit: number): Promise<string[]> {
    const found: string[] = [];
    for (const id of this.entries.keys()) {
      const r = await this.get(id);
      if (!r) this.entries.delete(id);
      else if (r.status === status && since(r) < before && found.length < limit) found.push(id);
    }
    return found;
  }

  /** As stored, not copied: nothing changes an entry, and copying a photo's would cost the event loop 5-10 ms. */
  async entry(id: string): Promise<QueuedJob | null> {
    return this.entries.get(id) ?? null;
  }

  private sweep(): void {
    for (const [id, r] of this.records) {
      if (!isExpired(r, this.retentionMs)) continue;
      this.records.delete(id);
      this.entries.delete(id);
    }
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
  }
}
