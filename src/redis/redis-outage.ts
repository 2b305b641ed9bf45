/**
 * Whether an error means Redis is unreachable or not answering (as opposed to a bug or a bad command):
 * what ioredis reports for a fail-fast connection during an outage. The HTTP layer answers those 503.
 */
export function isRedisOutage(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  if (err.name === 'MaxRetriesPerRequestError') return true;
  return OUTAGE_MESSAGES.some((m) => err.message.includes(m)) || OUTAGE_CODES.has((err as NodeJS.ErrnoException).code ?? '');
}

const OUTAGE_MESSAGES = [
  'Command timed out',
  "Stream isn't writeable",
  'Connection is closed',
  'Reached the max retries per request limit',
];
const OUTAGE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE']);

/** Seconds a client is asked to wait before retrying while Redis is out. */
export const REDIS_OUTAGE_RETRY_SECONDS = 5;
