import { createHmac } from 'node:crypto';
import path from 'node:path';
import type { RedisClient } from '../redis/redis-client.js';
import { loadSharedSecret } from '../redis/shared-secret.js';

/**
 * The job id a payment buys: HMAC-SHA256(secret, claim key) in the form of a UUIDv4. The same payment
 * always names the same job (creating it twice is impossible), and nobody who knows only the public
 * payment (the nonce, the transaction hash) can compute it.
 */
export function jobIdDeriver(secret: string): (claimKey: string) => string {
  return (claimKey) => {
    const bytes = createHmac('sha256', secret).update(claimKey).digest().subarray(0, 16);
    bytes[6] = (bytes[6] & 0x0f) | 0x40; // version 4
    bytes[8] = (bytes[8] & 0x3f) | 0x80; // RFC 4122 variant
    const hex = bytes.toString('hex');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  };
}

/**
 * The job id secret: JOB_ID_SECRET when set; else one generated once and kept in Redis (SET NX, so
 * every API process derives the same ids); else, with no Redis, in WORK_DIR/secrets, so a restarted process
 * derives the same ids and a payment resent after a restart finds its job instead of making a second one.
 */
export async function loadJobIdSecret(
  configured: string | null,
  redis: RedisClient | null,
  keyPrefix: string,
  workDir: string,
): Promise<string> {
  return loadSharedSecret(configured, redis, `${keyPrefix}:job-id-secret`, path.join(workDir, 'secrets'));
}
