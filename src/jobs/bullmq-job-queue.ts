import type { Queue } from 'bullmq';
import type { RedisClient } from '../redis/redis-client.js';
import type { QueueTicket } from './job.types.js';
import type { JobQueue } from './job-queue.js';
import { PROCESSOR_ATTEMPTS, RETRY_DELAY_MS } from './processor-retries.js';

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
      // A processor's throw is tried again after a pause (processor-retries.ts).
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
