import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { RedisClient } from './redis-client.js';

/**
 * A deployment's secret: `configured` when set; else one generated once and kept in Redis at `key` (SET NX,
 * so every process gets the same); else, with no Redis, kept in the file `<stateDir>/<name>` (created once,
 * readable by this user only), so a restarted process derives the same job ids and callback keys.
 */
export async function loadSharedSecret(
  configured: string | null,
  redis: RedisClient | null,
  key: string,
  stateDir: string,
): Promise<string> {
  if (configured) return configured;
  const generated = randomBytes(32).toString('base64');
  if (!redis) return keptInFile(path.join(stateDir, key.slice(key.lastIndexOf(':') + 1)), generated);
  await redis.set(key, generated, 'NX');
  const stored = await redis.get(key);
  if (!stored) throw new Error(`${key} vanished from Redis right after it was set`);
  return stored;
}

/** The secret in `file`, written there first when absent (exclusively: two processes starting at once agree). */
function keptInFile(file: string, generated: string): string {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  try {
    fs.writeFileSync(file, generated, { flag: 'wx', mode: 0o600 });
    return generated;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const kept = fs.readFileSync(file, 'utf8').trim();
  if (kept.length < 32) throw new Error(`${file} holds no usable secret: delete it and restart`);
  return kept;
}
