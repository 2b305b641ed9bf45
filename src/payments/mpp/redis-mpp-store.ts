import type { Store } from 'mppx';
import { duplicateOf, type RedisClient } from '../../redis/redis-client.js';

const TTL_SECONDS = 7 * 24 * 3600;

/**
 * mppx's replay store over our Redis, so every API process sees the same used transaction hashes.
 * `tryClaim` (what mppx's charge uses) is one atomic SET NX with the claim's expiry; the general
 * read-modify-write `update` is an optimistic WATCH/MULTI transaction on a connection of its own,
 * one at a time.
 */
export function redisMppStore(redis: RedisClient, keyPrefix: string): Store.AtomicStore {
  const k = (key: string) => `${keyPrefix}:mpp:${key}`;
  let watcher: RedisClient | null = null;
  let queue: Promise<unknown> = Promise.resolve();

  async function update<R>(key: string, fn: (current: unknown) => Store.Change<unknown, R>): Promise<R> {
    watcher ??= duplicateOf(redis);
    const conn = watcher;
    for (let attempt = 0; attempt < 20; attempt++) {
      await conn.watch(k(key));
      const raw = await conn.get(k(key));
      const change = fn(raw === null ? null : JSON.parse(raw));
      if (change.op === 'noop') {
        await conn.unwatch();
        return change.result;
      }
      const tx = conn.multi();
      if (change.op === 'set') tx.set(k(key), JSON.stringify(change.value), 'EX', TTL_SECONDS);
      else tx.del(k(key));
      if ((await tx.exec()) !== null) return change.result;
    }
    throw new Error(`mpp store: ${key} kept changing under concurrent writers`);
  }

  return {
    async get(key: string) {
      const raw = await redis.get(k(key));
      return raw === null ? null : JSON.parse(raw);
    },
    async put(key: string, value: unknown) {
      await redis.set(k(key), JSON.stringify(value), 'EX', TTL_SECONDS);
    },
    async delete(key: string) {
      await redis.del(k(key));
    },
    update: ((key: string, fn: (current: unknown) => Store.Change<unknown, unknown>) => {
      const run = queue.then(() => update(key, fn));
      queue = run.catch(() => undefined);
      return run;
    }) as Store.AtomicStore['update'],
    async tryClaim(key: string, expires: number) {
      const ms = Math.max(1000, expires - Date.now());
      return (await redis.set(k(key), JSON.stringify({ expires, type: 'mppx:replay' }), 'PX', ms, 'NX')) === 'OK';
    },
  } as Store.AtomicStore;
}
