import { setTimeout as delay } from 'node:timers/promises';

/**
 * How a job is tried again when its processor throws: the processor records each pipeline's outcome itself, so a throw
 * is the store or the disk failing under it, and the job is tried again after a pause rather than failed after it was
 * paid for. BullMQ's queue retries by these figures (bullmq-job-queue.ts), the in-process queue's worker by tryRunning.
 */
export const PROCESSOR_ATTEMPTS = 3;
/** The first pause; each next one twice as long (BullMQ's exponential backoff). */
export const RETRY_DELAY_MS = 1000;

/** The error a job ends with once its tries are spent. */
export function couldNotRun(reason: string): string {
  return `the job could not be run, ${PROCESSOR_ATTEMPTS} tries: ${reason}`;
}

/**
 * Runs `run` up to PROCESSOR_ATTEMPTS times, pausing RETRY_DELAY_MS, then twice that, while it throws; calls
 * `giveUp` with the last error once the tries are spent. Stops trying once `signal` is aborted.
 */
export async function tryRunning(run: () => Promise<void>, giveUp: (err: Error) => Promise<void>, signal: AbortSignal): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (signal.aborted) throw err;
      if (attempt >= PROCESSOR_ATTEMPTS) return giveUp(err as Error);
      await delay(RETRY_DELAY_MS * 2 ** (attempt - 1), undefined, { signal }).catch(() => undefined);
      if (signal.aborted) throw err;
    }
  }
}
