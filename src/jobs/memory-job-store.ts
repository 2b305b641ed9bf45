import { isExpired, type JobStore } from './job-store.js';
import type { JobRecord } from './job.types.js';

/** The embedded default: records in this process, swept when they pass retention. */
export class MemoryJobStore implements JobStore {
  private readonly records = new Map<string, JobRecord>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly retentionMs: number) {
    this.sweeper = setInterval(() => this.sweep(), Math.min(60_000, retentionMs)).unref();
  }

  async create(record: JobRecord): Promise<void> {
    if (this.records.has(record.id)) throw new Error(`job ${record.id} exists already`);
    this.records.set(record.id, structuredClone(record));
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
    return structuredClone(next);
  }

  private sweep(): void {
    for (const [id, r] of this.records) if (isExpired(r, this.retentionMs)) this.records.delete(id);
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
  }
}
