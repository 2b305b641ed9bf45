import type { OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import type { Logger } from 'pino';
import type { JobService } from './job.service.js';
import { sweepTiming } from './sweep-timing.js';

/**
 * Enqueues again a job recorded `queued` that its queue does not hold (its writer died before enqueueing it),
 * once it has waited as long as a settlement may. Runs in every process that takes paid requests.
 */
export class JobRequeuer implements OnModuleInit, OnApplicationShutdown {
  private stop: () => void = () => undefined;

  /** `settlementReconcileSeconds`: how long a settlement may stay unfinished (SETTLEMENT_RECONCILE_SECONDS). */
  constructor(
    private readonly settlementReconcileSeconds: number,
    private readonly logger: Logger,
    private readonly jobs: JobService,
  ) {}

  onModuleInit(): void {
    const { afterMs, everyMs } = sweepTiming(this.settlementReconcileSeconds);
    this.stop = this.jobs.startRequeuer(everyMs, afterMs, (err) =>
      this.logger.warn({ err: err.message }, 're-enqueueing waiting jobs failed'),
    );
  }

  onApplicationShutdown(): void {
    this.stop();
  }
}
