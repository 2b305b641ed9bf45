import { Queue, QueueEvents, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { JobCancelled } from './job-cancelled.js';
import type { JobHandler, JobQueue } from './job-queue.js';
import type { QueuedJob } from './job.types.js';

const CLOSE_TIMEOUT_MS = 10000;

export interface BullmqQueueOptions {
  /** The connection the API enqueues on: fail-fast, so an outage is a prompt 503, not a hanging request. */
  connection: Redis;
  /** Creates a connection that waits out outages: the worker's blocking reads and its event stream. */
  connectWorker: () => Redis;
  queueName: string;
  prefix: string;
  concurrency: number;
  lockMs: number;
  stalledIntervalMs: number;
  maxStalled: number;
  retentionSeconds: number;
}

/**
 * BullMQ on Redis: any number of API and worker processes share the queue. The BullMQ job id is the
 * job_id, so a job is enqueued at most once; a worker that dies mid-job loses its lock and BullMQ's
 * stalled-job check hands the job to another worker.
 */
export class BullmqJobQueue implements JobQueue {
  readonly driver = 'bullmq' as const;
  private readonly queue: Queue;
  private worker: Worker | null = null;
  private events: QueueEvents | null = null;
  private workerConnection: Redis | null = null;
  /** The cancel switch of each job running in this process, by job id. */
  private readonly running = new Map<string, AbortController>();

  constructor(private readonly opts: BullmqQueueOptions) {
    this.queue = new Queue(opts.queueName, { connection: opts.connection, prefix: opts.prefix });
    this.queue.on('error', () => undefined); // reconnects are ioredis' job; /healthz reports an outage
  }

  async enqueue(job: QueuedJob): Promise<void> {
    await this.queue.add('run', job, {
      jobId: job.job_id,
      attempts: 1,
      removeOnComplete: { age: this.opts.retentionSeconds },
      removeOnFail: { age: this.opts.retentionSeconds },
    });
  }

  async startWorker(handler: JobHandler, onLost: (jobId: string, reason: string) => Promise<void>): Promise<void> {
    this.workerConnection = this.opts.connectWorker();
    this.worker = new Worker(
      this.opts.queueName,
      async (job) => {
        const cancel = new AbortController();
        this.running.set(job.id!, cancel);
        try {
          await handler(job.data as QueuedJob, cancel.signal);
        } finally {
          this.running.delete(job.id!);
        }
      },
      {
        connection: this.workerConnection,
        prefix: this.opts.prefix,
        concurrency: this.opts.concurrency,
        lockDuration: this.opts.lockMs,
        stalledInterval: this.opts.stalledIntervalMs,
        maxStalledCount: this.opts.maxStalled,
      },
    );
    this.worker.on('error', () => undefined); // connection errors are retried by ioredis; /healthz reports them
    // A job whose lock could not be renewed is another worker's now (stalled-job recovery): stop it here.
    this.worker.on('lockRenewalFailed', (ids) => this.cancel(ids, 'this worker lost the job\'s lock; another worker runs it'));
    // The handler records its own outcome, so a job BullMQ fails is one whose workers kept dying. BullMQ
    // fails those inside its stalled-job script and only announces it on the events stream.
    this.events = new QueueEvents(this.opts.queueName, { connection: this.opts.connectWorker(), prefix: this.opts.prefix });
    this.events.on('error', () => undefined);
    this.events.on('failed', ({ jobId, failedReason }) => void onLost(jobId, failedReason).catch(() => undefined));
    await Promise.all([this.worker.waitUntilReady(), this.events.waitUntilReady()]);
  }

  private cancel(ids: Iterable<string>, reason: string): void {
    const stop = new JobCancelled(reason, true);
    for (const id of ids) this.running.get(id)?.abort(stop);
  }

  async ping(): Promise<boolean> {
    try {
      return (await this.opts.connection.ping()) === 'PONG';
    } catch {
      return false;
    }
  }

  /**
   * Graceful (waits for running jobs) for up to CLOSE_TIMEOUT_MS, then gives up: a job cut short is
   * recovered by another worker as stalled, and is cancelled here (its child processes killed) once the
   * connections are closing, so this worker can record nothing for it. The bound also covers BullMQ's
   * Worker.close() never resolving after Redis was unreachable (taskforcesh/bullmq#4656).
   */
  async close(): Promise<void> {
    const graceful = (async () => {
      await this.events?.close();
      await this.worker?.close();
      await this.queue.close();
    })();
    const done = await Promise.race([graceful.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), CLOSE_TIMEOUT_MS).unref())]);
    if (!done) {
      void graceful.catch(() => undefined);
      // Forced closes also wait on Redis: start them, do not wait; the disconnects below end the sockets.
      for (const p of [this.worker?.close(true), this.worker?.disconnect(), this.queue.disconnect()]) void p?.catch(() => undefined);
      this.cancel([...this.running.keys()], 'this worker shut down; another worker runs the job');
    }
    this.workerConnection?.disconnect(); // the shared fail-fast connection is closed by its owner
  }
}
