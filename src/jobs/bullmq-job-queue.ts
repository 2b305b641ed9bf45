import type { Queue } from 'bullmq';
import type { RedisClient } from '../redis/redis-client.js';
import type { QueueTicket } from './job.types.js';
import type { JobQueue } from './job-queue.js';

/** Tries of a job whose processor throws, RETRY_DELAY_MS apart, then twice that. */
export const PROCESSOR_ATTEMPTS = 3;
const RETRY_DELAY_MS = 1000;

/**
 * BullMQ on Redis: any number of API and worker processes share the queue. The BullMQ job id is the
 * job_id, so a job is enqueued at most once, and its data is its QueueTicket. The Queue is @nestjs/bullmq's (BullModule.registerQueue, on the
 * fail-fast connection, so an outage is a prompt 503); the workers are BullJobWorker's.
 */
export class BullmqJobQueue implements JobQueue {
  readonly driver = 'bullmq' as const;

  constructor(
    /** Public for the operators' queue dashboard (bull-board, /admin/queues). */
    readonly queue: Queue,
    private readonly connection: RedisClient,
    private readonly retentionSeconds: number,
  ) {
    this.queue.on('error', () => undefined); // reconnects are ioredis' job; /healthz reports an outage
  }

  async enqueue({ job_id, endpoint_path }: QueueTicket): Promise<void> {
    // Only the ticket's fields: a caller may hand over the whole entry.
    await this.queue.add('run', { job_id, endpoint_path } satisfies QueueTicket, {
      jobId: job_id,
      // The processor records each pipeline's outcome itself, so a throw is the store or the disk failing under it:
      // the job is tried again after a pause rather than failed after it was paid for.
      attempts: PROCESSOR_ATTEMPTS,
      backoff: { type: 'exponential', delay: RETRY_DELAY_MS },
      removeOnComplete: { age: this.retentionSeconds },
      removeOnFail: { age: this.retentionSeconds },
    });
  }

  async holds(jobId: string): Promise<boolean> {
    return (await this.queue.getJobState(jobId)) !== 'unknown';
  }

  async enqueueAgain(ticket: QueueTicket): Promise<boolean> {
    const state = await this.queue.getJobState(ticket.job_id);
    if (state === 'completed' || state === 'failed') await this.queue.remove(ticket.job_id);
    else if (state !== 'unknown') return false;
    await this.enqueue(ticket);
    return true;
  }

  async counts(): Promise<Record<string, number>> {
    return this.queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'waiting-children', 'completed', 'failed');
  }

  async ping(): Promise<boolean> {
    try {
      return (await this.connection.ping()) === 'PONG';
    } catch {
      return false;
    }
  }

  /** The shared fail-fast connection is closed by its owner (RedisModule). */
  async close(): Promise<void> {
    await this.queue.close();
  }
}
