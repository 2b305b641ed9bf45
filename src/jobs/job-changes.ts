import { EventEmitter } from 'node:events';
import type { RedisClient } from '../redis/redis-client.js';

/** Tells a process when a job's record changed (progress, the end), wherever it was written. */
export interface JobChanges {
  /** Calls `onChange` after each change of job `id` until the returned function is called. */
  watch(id: string, onChange: () => void): () => void;
  close(): Promise<void>;
}

/** Job changes within one process (the in-process store): the store announces each write. */
export class LocalJobChanges implements JobChanges {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  announce(id: string): void {
    this.emitter.emit(id);
  }

  watch(id: string, onChange: () => void): () => void {
    this.emitter.on(id, onChange);
    return () => this.emitter.off(id, onChange);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

/** The channel a Redis job store publishes each changed job id on. */
export const jobChangesChannel = (prefix: string) => `${prefix}:job-changes`;

/**
 * Job changes from every process sharing a Redis: workers publish each changed job id (RedisJobStore), and this
 * process subscribes once, on its first watcher, then hands each message to the watchers of that job.
 */
export class RedisJobChanges implements JobChanges {
  private readonly local = new LocalJobChanges();
  private subscribed: Promise<unknown> | null = null;

  constructor(
    private readonly subscriber: () => RedisClient,
    private readonly channel: string,
  ) {}

  watch(id: string, onChange: () => void): () => void {
    this.subscribed ??= this.subscribe();
    return this.local.watch(id, onChange);
  }

  private subscribe(): Promise<unknown> {
    const connection = this.subscriber();
    connection.on('message', (_channel: string, id: string) => this.local.announce(id));
    return connection.subscribe(this.channel);
  }

  async close(): Promise<void> {
    await this.local.close();
  }
}
