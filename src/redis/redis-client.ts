import { Cluster, type Redis } from 'ioredis';

/** A connection to the shared Redis: one server (or a Sentinel-found primary), or a Redis Cluster. */
export type RedisClient = Redis | Cluster;

/** A new connection to the same Redis with the same options (the two classes' duplicate() take different arguments). */
export function duplicateOf(client: RedisClient): RedisClient {
  return client instanceof Cluster ? client.duplicate() : client.duplicate();
}
