import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header every callback delivery carries: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export const SIGNATURE_HEADER = 'X-Vidint-Signature';

/**
 * The key a job's deliveries are signed with: hex HMAC-SHA256(WEBHOOK_SECRET, job id). It is handed to the
 * payer only (the 202's `callback_secret`), so one payer's key cannot sign another job's deliveries.
 */
export function callbackKey(webhookSecret: string, jobId: string): string {
  return createHmac('sha256', webhookSecret).update(`callback:${jobId}`).digest('hex');
}

/** The signature header value of `body` sent at `unixSeconds`. */
export function signDelivery(key: string, body: string, unixSeconds = Math.floor(Date.now() / 1000)): string {
  return `t=${unixSeconds},v1=${createHmac('sha256', key).update(`${unixSeconds}.${body}`).digest('hex')}`;
}

/**
 * What a receiver runs: true when `header` signs `body` (the raw bytes received) with `key` and its time is
 * within `toleranceSeconds` of now (a replayed old delivery is refused).
 */
export function verifyDelivery(key: string, header: string, body: string, toleranceSeconds = 300, now = Date.now()): boolean {
  const parts = Object.fromEntries(header.split(',').map((p) => p.trim().split('=', 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || !/^[0-9a-f]{64}$/.test(parts.v1 ?? '')) return false;
  if (Math.abs(now / 1000 - t) > toleranceSeconds) return false;
  const expected = createHmac('sha256', key).update(`${t}.${body}`).digest();
  return timingSafeEqual(expected, Buffer.from(parts.v1, 'hex'));
}
