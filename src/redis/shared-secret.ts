import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * A deployment's secret: `configured` when set; else one generated once and kept in Redis at `key` (SET NX,
 * so every process gets the same); else, with no Redis, one per process.
 */
export async function loadSharedSecret(configured: string | null, redis: Redis | null, key: string): Promise<string> {
  if (configured) return configured;
  const generated = randomBytes(32).toString('base64');
  if (!redis) return generated;
  await redis.set(key, generated, 'NX');
  const stored = await redis.get(key);
  if (!stored) throw new Error(`${key} vanished from Redis right after it was set`);
  return stored;
}
