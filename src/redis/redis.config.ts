import { EnvReader } from '../config/env-reader.js';

/** Redis: where jobs, claims and the ledger live when several processes share them (absent: all in memory). */
export interface RedisConfig {
  redisUrl: string | null;
  keyPrefix: string;
  /** A Redis command an HTTP request waits on fails after this (the request gets a 503). */
  redisCommandTimeoutMs: number;
}

/** Where Nest provides this section (ConfigModule, composed in src/app). */
export const REDIS_CONFIG = Symbol('REDIS_CONFIG');

export const REDIS_DEFAULTS = {
  KEY_PREFIX: 'vidint',
  REDIS_COMMAND_TIMEOUT_MS: '1000',
} as const;

export function redisConfig(r: EnvReader<typeof REDIS_DEFAULTS>): RedisConfig {
  const redisUrl = r.optional('REDIS_URL');
  if (redisUrl !== null && !/^rediss?:\/\//.test(redisUrl)) r.problems.push(`REDIS_URL=${redisUrl}: must start with redis:// or rediss://`);
  return { redisUrl, keyPrefix: r.get('KEY_PREFIX'), redisCommandTimeoutMs: r.int('REDIS_COMMAND_TIMEOUT_MS', 50, 60_000) };
}
