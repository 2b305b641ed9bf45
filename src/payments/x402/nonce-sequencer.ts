import { randomUUID } from 'node:crypto';
import type { RedisClient } from '../../redis/redis-client.js';
import { onceRedisAnswers } from '../../redis/redis-outage.js';

/**
 * Hands out the transaction nonces of one settling account in order, one broadcast at a time, so
 * concurrent settlements never collide on a nonce. `send` runs with the nonce to use; the next one is
 * remembered only when the broadcast went out. In one process a promise chain serialises the sends;
 * across API processes a Redis lock does (the remembered nonce lives beside it).
 */
export interface NonceSequencer {
  send<T>(chainNonce: () => Promise<number>, send: (nonce: number) => Promise<T>): Promise<T>;
}

/** How long a remembered nonce is trusted over the node's pending count (an RPC behind a load balancer may lag). */
const REMEMBER_MS = 60_000;
/** Longest a broadcast may hold the Redis lock before another process may take it over. */
const LOCK_MS = 15_000;

interface Remembered {
  next: number;
  at: number;
}

/** The nonce to use: the node's pending count, or the one after our last broadcast if that is higher. */
async function nextNonce(chainNonce: () => Promise<number>, remembered: Remembered | null): Promise<number> {
  const pending = await chainNonce();
  return remembered && Date.now() - remembered.at < REMEMBER_MS ? Math.max(pending, remembered.next) : pending;
}

/** A nonce the node refused as already used: asking the node again (not our memory) fixes it. */
function isNonceConflict(err: unknown): boolean {
  return /nonce (too low|has already been used)|lower than the current nonce|already known|replacement transaction underpriced/i.test(
    String((err as Error)?.message ?? err),
  );
}

abstract class SerialSequencer implements NonceSequencer {
  private tail: Promise<unknown> = Promise.resolve();

  protected abstract locked<T>(fn: () => Promise<T>): Promise<T>;
  protected abstract recall(): Promise<Remembered | null>;
  protected abstract remember(next: number): Promise<void>;

  send<T>(chainNonce: () => Promise<number>, send: (nonce: number) => Promise<T>): Promise<T> {
    const run = () =>
      this.locked(async () => {
        for (let attempt = 0; ; attempt++) {
          const nonce = attempt === 0 ? await nextNonce(chainNonce, await this.recall()) : await chainNonce();
          try {
            const result = await send(nonce);
            await this.remember(nonce + 1);
            return result;
          } catch (err) {
            if (attempt >= 2 || !isNonceConflict(err)) throw err;
          }
        }
      });
    const result = this.tail.then(run, run);
    this.tail = result.catch(() => undefined);
    return result;
  }
}

export class MemoryNonceSequencer extends SerialSequencer {
  private remembered: Remembered | null = null;

  protected locked<T>(fn: () => Promise<T>): Promise<T> {
    return fn(); // the promise chain already serialises this process
  }

  protected async recall() {
    return this.remembered;
  }

  protected async remember(next: number) {
    this.remembered = { next, at: Date.now() };
  }
}

/** Serialises the broadcasts of one settling account across every process sharing `redis` and `prefix`. */
export class RedisNonceSequencer extends SerialSequencer {
  constructor(
    private readonly redis: RedisClient,
    prefix: string,
    account: string,
  ) {
    super();
    this.lockKey = `${prefix}:settler:${account.toLowerCase()}:lock`;
    this.nonceKey = `${prefix}:settler:${account.toLowerCase()}:nonce`;
  }

  private readonly lockKey: string;
  private readonly nonceKey: string;

  protected async locked<T>(fn: () => Promise<T>): Promise<T> {
    const token = randomUUID();
    const deadline = Date.now() + 2 * LOCK_MS;
    // A Redis failing over is waited out like a busy lock: nothing has been broadcast yet.
    const take = () => onceRedisAnswers(() => this.redis.set(this.lockKey, token, 'PX', LOCK_MS, 'NX'), deadline - Date.now());
    while ((await take()) !== 'OK') {
      if (Date.now() > deadline) throw new Error('the settling account stayed busy; try again');
      await new Promise((r) => setTimeout(r, 5 + Math.random() * 10));
    }
    try {
      return await fn();
    } finally {
      // Release only our own lock (it may have expired and been taken over). Unreleased, it expires after LOCK_MS:
      // a release lost to an outage must not turn a broadcast into an error.
      await this.redis
        .eval("if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0", 1, this.lockKey, token)
        .catch(() => undefined);
    }
  }

  protected async recall(): Promise<Remembered | null> {
    // Unreadable during an outage: the node's pending count alone (a conflict then asks the node again).
    const raw = await this.redis.get(this.nonceKey).catch(() => null);
    return raw ? (JSON.parse(raw) as Remembered) : null;
  }

  protected async remember(next: number) {
    // Called after a broadcast: losing this memory to an outage is no failure (the node's pending count covers it).
    await this.redis.set(this.nonceKey, JSON.stringify({ next, at: Date.now() }), 'PX', REMEMBER_MS).catch(() => undefined);
  }
}
