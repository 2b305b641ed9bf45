import { jsonBytes } from '../redis/json-bytes.js';
import type { RedisClient } from '../redis/redis-client.js';
import { type JobRecord, type QueuedJob, TERMINAL_STATUSES } from './job.types.js';
import { jobChangesChannel } from './job-changes.js';
import { isExpired, type JobStore } from './job-store.js';

/**
 * Writes a new record, its queue entry and its place in the index of queued jobs, or nothing when the
 * record exists. KEYS: record, entry, index. ARGV: record JSON, entry JSON, TTL ms, created_at, id.
 */
const CREATE = `
if not redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[3], 'NX') then return 0 end
redis.call('set', KEYS[2], ARGV[2], 'PX', ARGV[3])
redis.call('zadd', KEYS[3], ARGV[4], ARGV[5])
return 1`;

/**
 * One Redis string per job (`<prefix>:job:<id>`, JSON) whose TTL ends its retention, so any API
 * process can answer GET /jobs/{id} with a single GET. Only the worker running a job writes to it
 * after creation, so read-merge-write needs no lock. Until a job ends its queue entry is kept beside it
 * (`<prefix>:job:<id>:entry`); while it is `queued` it is indexed by creation time (`<prefix>:jobs:queued`), and while
 * it is `processing` by the start of its run (`<prefix>:jobs:processing`).
 */
export class RedisJobStore implements JobStore {
  constructor(
    private readonly redis: RedisClient,
    private readonly prefix: string,
    private readonly retentionMs: number,
  ) {}

  key(id: string): string {
    return `${this.prefix}:job:${id}`;
  }

  private entryKey(id: string): string {
    return `${this.prefix}:job:${id}:entry`;
  }

  private get queuedIndex(): string {
    return `${this.prefix}:jobs:queued`;
  }

  private get processingIndex(): string {
    return `${this.prefix}:jobs:processing`;
  }

  async create(record: JobRecord, entry: QueuedJob): Promise<void> {
    const ttl = Math.max(1, record.created_at + this.retentionMs - Date.now());
    const keys = [this.key(record.id), this.entryKey(record.id), this.queuedIndex];
    const args = [JSON.stringify(record), jsonBytes(entry), ttl, record.created_at, record.id];
    const created = await this.redis.eval(CREATE, keys.length, ...keys, ...args);
    if (created !== 1) throw new Error(`job ${record.id} exists already`);
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
    // XX: never resurrect a record that expired meanwhile; KEEPTTL: retention counts from creation. The id is
    // published for the event streams of every API process (RedisJobChanges). A job no longer queued leaves the
    // index, one that starts a run enters the index of running jobs and leaves it with its status, and one that ended
    // its entry (harmless when the record had expired: both are gone then).
    const write = this.redis.multi().set(this.key(id), jsonBytes(next), 'KEEPTTL', 'XX').publish(jobChangesChannel(this.prefix), id);
    if (current.status === 'queued' && next.status !== 'queued') write.zrem(this.queuedIndex, id);
    if (patch.status === 'processing') write.zadd(this.processingIndex, next.started_at ?? Date.now(), id);
    else if (current.status === 'processing' && next.status !== 'processing') write.zrem(this.processingIndex, id);
    if (TERMINAL_STATUSES.has(next.status)) write.del(this.entryKey(id));
    const written = await write.exec();
    return written?.[0]?.[1] === 'OK' ? next : null;
  }

  async waiting(before: number, limit: number): Promise<string[]> {
    return this.redis.zrangebyscore(this.queuedIndex, '-inf', `(${before}`, 'LIMIT', 0, limit);
  }

  async running(before: number, limit: number): Promise<string[]> {
    // A run that started before the retention began belongs to a record that expired while it ran.
    await this.redis.zremrangebyscore(this.processingIndex, '-inf', `(${Date.now() - this.retentionMs}`);
    return this.redis.zrangebyscore(this.processingIndex, '-inf', `(${before}`, 'LIMIT', 0, limit);
  }

  async entry(id: string): Promise<QueuedJob | null> {
    const raw = await this.redis.get(this.entryKey(id));
    if (!raw) await this.redis.zrem(this.queuedIndex, id); // expired with its record
    return raw ? (JSON.parse(raw) as QueuedJob) : null;
  }

  async close(): Promise<void> {}
}
