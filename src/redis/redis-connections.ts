import { Cluster, type ClusterOptions, Redis, type RedisOptions } from 'ioredis';
import type { Logger } from 'pino';
import { onceDue } from '../timing/due-timer.js';
import { withCommandDeadline } from './command-deadline.js';
import type { RedisTarget } from './redis.config.js';
import type { RedisClient } from './redis-client.js';

/**
 * Every Redis connection of a process, of two kinds:
 * - `fast()`, for work a client is waiting on (HTTP requests): no offline queue and a command timeout, so
 *   an outage fails the command at once and the client gets a 503 instead of a hanging request;
 * - `patient()`, for background work (BullMQ workers, job progress, the reconciler): commands wait and
 *   retry until Redis is back, so a worker survives an outage and carries on.
 * Each is a `Redis` (one server, or the primary Sentinel names) or a `Cluster`, as the target says.
 * `close()` ends every socket, BullMQ's duplicates included.
 */
export class RedisConnections {
  private readonly all: RedisClient[] = [];
  /** The errors already logged, as their connections emitted them (BullMQ passes the same objects on). */
  private readonly reported = new WeakSet<Error>();
  private fastConnection: RedisClient | null = null;

  constructor(
    private readonly target: RedisTarget,
    private readonly logger: Logger,
    private readonly commandTimeoutMs: number,
  ) {}

  /** The shared fail-fast connection, ready to use. */
  async fast(): Promise<RedisClient> {
    this.fastConnection ??= await this.failFast();
    return this.fastConnection;
  }

  /**
   * A fail-fast connection of its own, ready to use: for writes followed by a WAIT, which blocks the connection
   * it is sent on (and counts only that connection's writes).
   */
  async failFast(): Promise<RedisClient> {
    const c = withCommandDeadline(this.open({ enableOfflineQueue: false, maxRetriesPerRequest: 1 }), this.commandTimeoutMs);
    await readyWithin(c, STARTUP_TIMEOUT_MS).catch((err) => {
      throw new Error(`${describeTarget(this.target)}: Redis does not answer (${err.message})`);
    });
    return c;
  }

  /** A new connection that waits for Redis (BullMQ needs maxRetriesPerRequest: null on its blocking ones). */
  patient(overrides: RedisOptions = {}): RedisClient {
    const c = this.open({ maxRetriesPerRequest: null, ...overrides });
    // BullMQ duplicates connections (for blocking reads): make those ours too, so close() ends every socket.
    // A Cluster's duplicate takes (startup nodes, {redisOptions}), a Redis's its options.
    c.duplicate = ((a?: unknown, b?: ClusterOptions) =>
      this.patient((c instanceof Cluster ? b?.redisOptions : (a as RedisOptions)) ?? {})) as RedisClient['duplicate'];
    return c;
  }

  /** Whether this error was a connection's, and logged as such. */
  logged(err: Error): boolean {
    return this.reported.has(err);
  }

  close(): void {
    for (const c of this.all) c.disconnect();
  }

  private open(options: RedisOptions): RedisClient {
    const c = connect(this.target, options);
    c.on('error', (err: Error) => {
      this.reported.add(err);
      this.logger.warn({ err: err.message }, 'redis connection error');
    });
    this.all.push(c);
    return c;
  }
}

/** One connection to the target with these options (a Cluster applies them to each node's connection). */
function connect(target: RedisTarget, options: RedisOptions): RedisClient {
  if (target.kind === 'server') return new Redis(target.url, { retryStrategy, ...options });
  const password = target.password ?? undefined;
  if (target.kind === 'sentinel') {
    // A primary demoted by a failover answers READONLY to writes: reconnect, and Sentinel names the new one.
    const reconnectOnError = (err: Error) => err.message.startsWith('READONLY');
    return new Redis({ sentinels: target.sentinels, name: target.name, password, reconnectOnError, retryStrategy, ...options });
  }
  const { enableOfflineQueue, ...rest } = options;
  const redisOptions = { password, ...rest };
  return new Cluster(target.nodes, {
    redisOptions,
    ...(enableOfflineQueue === undefined ? {} : { enableOfflineQueue }),
  });
}

/**
 * Reconnects every 50 ms more, up to every half second (ioredis's default goes to 2 s): a failover takes a few
 * seconds, and requests are refused (503) until the connection finds the new primary.
 */
function retryStrategy(times: number): number {
  return Math.min(times * 50, 500);
}

/** The setting that named the target, for start-up errors. */
export function describeTarget(target: RedisTarget): string {
  if (target.kind === 'server') return `REDIS_URL=${target.url}`;
  const nodes = (target.kind === 'cluster' ? target.nodes : target.sentinels).map((n) => `${n.host}:${n.port}`).join(',');
  return target.kind === 'cluster' ? `REDIS_CLUSTER_NODES=${nodes}` : `REDIS_SENTINELS=${nodes} (${target.name})`;
}

const STARTUP_TIMEOUT_MS = 5000;

/** Resolves once the connection is ready; start-up must not wait forever for a Redis that is not there. */
function readyWithin(redis: RedisClient, ms: number): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve, reject) => {
    const stopTimer = onceDue(ms, () => done(new Error(`no answer within ${ms / 1000} s`)));
    const onReady = () => done();
    const done = (err?: Error) => {
      stopTimer();
      redis.off('ready', onReady);
      if (err) reject(err);
      else resolve();
    };
    redis.on('ready', onReady);
  });
}
