import { type JobType, Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { REDIS_URL } from './harness.js';
import { waitFor } from './wait-for.js';

/**
 * The queue's counts once no job is active: a worker writes a job's end (and logs it) before BullMQ moves the job to
 * completed, so on a loaded machine the job can still count as active for a moment after the client saw it end.
 * A job still active after 10 s is the caller's finding: the counts are returned as they are, for its assertion to show.
 */
export async function settledCounts(queue: Queue, ...states: JobType[]): Promise<Record<string, number>> {
  await waitFor(async () => (await queue.getJobCounts('active')).active === 0, 'no job active in the queue', 10_000).catch(() => undefined);
  return queue.getJobCounts(...states);
}

/** settledCounts on the queue a harness's service uses (its QUEUE_NAME under its KEY_PREFIX). */
export async function serviceQueueCounts(env: Record<string, string>, ...states: JobType[]): Promise<Record<string, number>> {
  const connection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
  const queue = new Queue(env.QUEUE_NAME, { connection, prefix: `${env.KEY_PREFIX}:bull` });
  try {
    return await settledCounts(queue, ...states);
  } finally {
    await queue.close();
    connection.disconnect();
  }
}
