/**
 * Whether an error means Redis is unreachable, not answering or failing over (as opposed to a bug or a bad command):
 * what ioredis reports for a fail-fast connection during an outage. The HTTP layer answers those 503.
 */
export function isRedisOutage(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  if (err.name === 'MaxRetriesPerRequestError' || err.name === 'ReplicaAckTimeout') return true;
  return OUTAGE_MESSAGES.some((m) => err.message.includes(m)) || OUTAGE_CODES.has((err as NodeJS.ErrnoException).code ?? '');
}

const OUTAGE_MESSAGES = [
  'Command timed out',
  "Stream isn't writeable",
  'Connection is closed',
  'Reached the max retries per request limit',
  // A failover under way: a demoted primary refusing writes, a primary without its required replicas, a cluster
  // without a majority of its primaries, a promoted replica still loading.
  'READONLY',
  'NOREPLICAS',
  'CLUSTERDOWN',
  'LOADING',
];
const OUTAGE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE']);

/** Seconds a client is asked to wait before retrying while Redis is out. */
export const REDIS_OUTAGE_RETRY_SECONDS = 5;

/**
 * Runs `fn` again while it fails with a Redis outage (a failover under way), for up to `withinMs`, then lets the
 * last error through: for writes that must land once money has moved, which a client would rather wait for
 * than be answered 503.
 */
export async function onceRedisAnswers<T>(fn: () => Promise<T>, withinMs: number): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    try {
      return await fn();
    } catch (err) {
      if (!isRedisOutage(err) || Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, OUTAGE_RETRY_MS));
    }
  }
}

const OUTAGE_RETRY_MS = 200;
