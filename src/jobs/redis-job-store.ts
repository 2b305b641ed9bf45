import type { Redis } from 'ioredis';
import { isExpired, type JobStore } from './job-store.js';
import type { JobRecord } from './job.types.js';

/**
 * One Redis string per job (`<prefix>:job:<id>`, JSON) whose TTL ends its retention, so any API
 * process can answer GET /jobs/{id} with a single GET. Only the worker running a job writes to it
 * after creation, so read-merge-write needs no lock.
 */
export class RedisJobStore implements JobStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly retentionMs: number,
  ) {}

  key(id: string): string {
    return `${this.prefix}:job:${id}`;
  }

  async create(record: JobRecord): Promise<void> {
    const ttl = record.created_at + this.retentionMs - Date.now();
    const ok = await this.redis.set(this.key(record.id), JSON.stringify(record), 'PX', Math.max(1, ttl), 'NX');
    if (ok !== 'OK') throw new Error(`job ${record.id} exists already`);
  }

  async get(id: string): Promise<JobRecord | null> {
    const raw = await this.redis.get(this.key(id));
    if (!raw) return null;
    const record = JSON.parse(raw) as JobRecord;
    return isExpired(record, this.retentionMs) ? null : record;
  }

  async update(id: string, patch: Partial<JobRecord>): Promise<JobRecord | null> {
    const current = await this.get(id);
    if (!current) return null;
    const next = { ...current, ...patch };
    // XX: never resurrect a record that expired meanwhile; KEEPTTL: retention counts from creation.
    const ok = await this.redis.set(this.key(id), JSON.stringify(next), 'KEEPTTL', 'XX');
    return ok === 'OK' ? next : null;
  }

  async close(): Promise<void> {}
}
