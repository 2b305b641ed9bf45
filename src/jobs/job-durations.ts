import type { RedisClient } from '../redis/redis-client.js';

/** How many of a route's latest completed jobs its typical duration is the median of. */
export const DURATIONS_KEPT = 50;

/**
 * The seconds the latest completed jobs of each route took, from acceptance to result, as the client waited
 * them: workers record, every process that answers requests reads (the 202's estimate, the discovery documents).
 */
export interface JobDurations {
  record(path: string, seconds: number): Promise<void>;
  /** The latest durations of `path`, newest first (at most DURATIONS_KEPT). */
  recent(path: string): Promise<number[]>;
}

/** In this process: the memory queue's workers and API share it. */
export class MemoryJobDurations implements JobDurations {
  private readonly byPath = new Map<string, number[]>();

  async record(path: string, seconds: number): Promise<void> {
    const list = [seconds, ...(this.byPath.get(path) ?? [])];
    this.byPath.set(path, list.slice(0, DURATIONS_KEPT));
  }

  async recent(path: string): Promise<number[]> {
    return this.byPath.get(path) ?? [];
  }
}

/** One capped Redis list per route (`<prefix>:durations:<path>`), shared by every process on the same Redis. */
export class RedisJobDurations implements JobDurations {
  constructor(
    private readonly redis: RedisClient,
    private readonly prefix: string,
  ) {}

  private key(path: string): string {
    return `${this.prefix}:durations:${path}`;
  }

  async record(path: string, seconds: number): Promise<void> {
    await this.redis
      .multi()
      .lpush(this.key(path), seconds.toFixed(2))
      .ltrim(this.key(path), 0, DURATIONS_KEPT - 1)
      .exec();
  }

  async recent(path: string): Promise<number[]> {
    return (await this.redis.lrange(this.key(path), 0, DURATIONS_KEPT - 1)).map(Number).filter(Number.isFinite);
  }
}
