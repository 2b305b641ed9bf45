import { Redis, type RedisOptions } from 'ioredis';
import type { Logger } from 'pino';

/**
 * Every Redis connection of a process, of two kinds:
 * - `fast()`, for work a client is waiting on (HTTP requests): no offline queue and a command timeout, so
 *   an outage fails the command at once and the client gets a 503 instead of a hanging request;
 * - `patient()`, for background work (BullMQ workers, job progress, the reconciler): commands wait and
 *   retry until Redis is back, so a worker survives an outage and carries on.
 * `close()` ends every socket, BullMQ's duplicates included.
 */
export class RedisConnections {
  private readonly all: Redis[] = [];
  private fastConnection: Redis | null = null;

  constructor(
    private readonly url: string,
    private readonly logger: Logger,
    private readonly commandTimeoutMs: number,
  ) {}

  /** The shared fail-fast connection, ready to use. */
  async fast(): Promise<Redis> {
    if (!this.fastConnection) {
      this.fastConnection = this.open({ enableOfflineQueue: false, commandTimeout: this.commandTimeoutMs, maxRetriesPerRequest: 1 });
      await readyWithin(this.fastConnection, STARTUP_TIMEOUT_MS).catch((err) => {
        throw new Error(`REDIS_URL=${this.url}: Redis does not answer (${err.message})`);
      });
    }
    return this.fastConnection;
  }

  /** A new connection that waits for Redis (BullMQ needs maxRetriesPerRequest: null on its blocking ones). */
  patient(overrides: RedisOptions = {}): Redis {
    const c = this.open({ maxRetriesPerRequest: null, ...overrides });
    // BullMQ duplicates connections (for blocking reads): make those ours too, so close() ends every socket.
    c.duplicate = ((o?: RedisOptions) => this.patient(o ?? {})) as Redis['duplicate'];
    return c;
  }

  close(): void {
    for (const c of this.all) c.disconnect();
  }

  private open(options: RedisOptions): Redis {
    const c = new Redis(this.url, options);
    c.on('error', (err) => this.logger.warn({ err: err.message }, 'redis connection error'));
    this.all.push(c);
    return c;
  }
}

const STARTUP_TIMEOUT_MS = 5000;

/** Resolves once the connection is ready; start-up must not wait forever for a Redis that is not there. */
function readyWithin(redis: Redis, ms: number): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => done(new Error(`no answer within ${ms / 1000} s`)), ms);
    const onReady = () => done();
    const done = (err?: Error) => {
      clearTimeout(timer);
      redis.off('ready', onReady);
      if (err) reject(err);
      else resolve();
    };
    redis.on('ready', onReady);
  });
}
