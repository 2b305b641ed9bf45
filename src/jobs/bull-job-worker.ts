import { OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import type { OnApplicationBootstrap } from '@nestjs/common';
import { isNotConnectionError, type Job, QueueEvents, WaitingError } from 'bullmq';
import type { Logger } from 'pino';
import { JobCancelled } from '../pipelines/job-cancelled.js';
import type { RedisConnections } from '../redis/redis-connections.js';
import type { JobProgress, QueuedJob, QueueTicket } from './job.types.js';
import type { JobProcessor } from './job-processor.js';
import type { JobWorker } from './job-worker.js';
import type { JobsConfig } from './jobs.config.js';
import { couldNotRun } from './processor-retries.js';

const CLOSE_TIMEOUT_MS = 10000;
/** BullMQ's reason for a job failed by its stalled-job check ("job stalled more than allowable limit"). */
const STALLED = /^job stalled more than allowable limit$/;

/**
 * The BullMQ worker of a process that runs jobs: a @Processor that @nestjs/bullmq finds at start-up and
 * gives a Worker on a patient connection (it waits out outages). A worker that dies mid-job loses its
 * lock and BullMQ's stalled-job check hands the job to another worker.
 */
export class BullJobWorker extends WorkerHost implements JobWorker, OnApplicationBootstrap {
  private events: QueueEvents | null = null;
  /** The cancel switch of each job running in this process, by job id. */
  private readonly running = new Map<string, AbortController>();

  constructor(
    private readonly processor: JobProcessor,
    private readonly connections: RedisConnections,
    private readonly queueName: string,
    private readonly prefix: string,
    private readonly logger: Logger,
    /** How long close() waits for running jobs before it gives them up. */
    private readonly closeTimeoutMs = CLOSE_TIMEOUT_MS,
  ) {
    super();
  }

  async process(job: Job<QueueTicket | QueuedJob>, token?: string): Promise<void> {
    // BullMQ can still hand over a job after close(): the next one, fetched with the last one's completion while the
    // close was on its way (BullMQ's `closing` is set by the first stopTaking() or close()). It goes back to the queue
    // as it came, for another worker (or this one's next start).
    if (this.worker.closing && token) {
      await job.moveToWait(token);
      throw new WaitingError();
    }
    const cancel = new AbortController();
    this.running.set(job.id!, cancel);
    try {
      // BullMQ's own progress, in percent of the steps done: what the queue dashboard (bull-board) shows.
      const report = ({ steps_done, steps_total }: JobProgress) =>
        void job.updateProgress(steps_total ? Math.round((100 * steps_done) / steps_total) : 0).catch(() => undefined);
      // A job a release before QueueTicket enqueued carries its entry.
      if ('request' in job.data) await this.processor.process(job.data, cancel.signal, report);
      else await this.processor.runTicket(job.data, cancel.signal, report);
    } finally {
      this.running.delete(job.id!);
    }
  }

  /** Connection errors are retried by ioredis and logged by RedisConnections; what else BullMQ meets, the operator sees. */
  @OnWorkerEvent('error')
  onError(err: Error): void {
    if (isNotConnectionError(err) && !this.connections.logged(err)) this.logger.warn({ err: err.message }, 'job worker error');
  }

  /** A job whose lock could not be renewed is another worker's now (stalled-job recovery): stop it here. */
  @OnWorkerEvent('lockRenewalFailed')
  onLockLost(ids: string[]): void {
    this.cancel(ids, "this worker lost the job's lock; another worker runs it");
  }

  /** Stops jobs running here, handed over (another worker runs them): their child processes are killed, nothing recorded. */
  private cancel(ids: Iterable<string>, reason: string): void {
    const stop = new JobCancelled(reason, true);
    for (const id of ids) this.running.get(id)?.abort(stop);
  }

  async onApplicationBootstrap(): Promise<void> {
    // The processor records its own outcome, so a job BullMQ fails is one whose workers kept dying (BullMQ fails
    // those from its stalled-job check) or whose processor threw on every try (the store or the disk failing under
    // it). Either is announced on the events stream only.
    this.events = new QueueEvents(this.queueName, { connection: this.connections.patient(), prefix: this.prefix });
    this.events.on('error', () => undefined);
    this.events.on('failed', ({ jobId, failedReason }) => {
      const reason = STALLED.test(failedReason)
        ? `the job was abandoned after its workers stopped repeatedly (${failedReason})`
        : couldNotRun(failedReason);
      void this.processor.fail(jobId, reason).catch(() => undefined);
    });
    await Promise.all([this.worker.waitUntilReady(), this.events.waitUntilReady()]);
  }

  /** BullMQ's close fetches no job from its first call (a later close() gets the same pending close). */
  stopTaking(): void {
    void this.worker.close().catch(() => undefined);
  }

  /**
   * Graceful (waits for running jobs) for up to closeTimeoutMs, then gives up: a job cut short is
   * recovered by another worker as stalled (and cancelled here: its child processes killed). The bound also covers BullMQ's Worker.close() never
   * resolving after Redis was unreachable (taskforcesh/bullmq#4656).
   */
  async close(): Promise<void> {
    // The worker first: from this call on it takes no new job, while the events stream closes beside it.
    const graceful = Promise.all([this.worker.close(), this.events?.close()]);
    const done = await Promise.race([
      graceful.then(() => true),
      new Promise<boolean>((r) => setTimeout(() => r(false), this.closeTimeoutMs).unref()),
    ]);
    if (!done) {
      void graceful.catch(() => undefined);
      // Once the graceful close reached the worker, BullMQ answers close(true) with that same pending close: the
      // disconnect is what stops it (the job can no longer be marked done here). Both wait on Redis: started, not
      // awaited; RedisModule's shutdown ends the sockets.
      for (const p of [this.worker.close(true), this.worker.disconnect()]) void p.catch(() => undefined);
      // Cut short: cancelled here once the connections are closing, so this worker records nothing for them.
      this.cancel([...this.running.keys()], 'this worker shut down; another worker runs the job');
      // @nestjs/bullmq closes its workers again at application shutdown, and BullMQ hands back the same
      // pending close: answer that one at once, this worker is already given up on.
      this.worker.close = () => Promise.resolve();
    }
  }
}

/**
 * A BullJobWorker for this process's queue: @Processor takes the queue name and worker options as
 * decorator arguments, and both come from configuration, so each app decorates its own subclass.
 */
export function createBullJobWorker(
  config: JobsConfig,
  prefix: string,
  processor: JobProcessor,
  connections: RedisConnections,
  logger: Logger,
  closeTimeoutMs = CLOSE_TIMEOUT_MS,
): BullJobWorker {
  class QueueWorker extends BullJobWorker {}
  Processor(config.queueName, {
    connection: connections.patient(),
    concurrency: config.workerConcurrency,
    lockDuration: config.workerLockMs,
    stalledInterval: config.workerStalledIntervalMs,
    maxStalledCount: config.workerMaxStalled,
  })(QueueWorker);
  return new QueueWorker(processor, connections, config.queueName, prefix, logger, closeTimeoutMs);
}
