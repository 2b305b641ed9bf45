import type { OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import type { Logger } from 'pino';
import type { JobService } from './job.service.js';

/** When the requeuer looks (every `everyMs`) and for what (jobs `queued` longer than `afterMs`). */
export interface RequeueTiming {
  afterMs: number;
  everyMs: number;
}

/**
 * Enqueues again a job recorded `queued` that its queue does not hold (its writer died before enqueueing it), or
 * recorded `processing` that its queue no longer runs (a failover lost the record of its end), once it has waited as
 * long as a settlement may. Runs in every process that takes paid requests.
 */
export class JobRequeuer implements OnModuleInit, OnApplicationShutdown {
  private stop: () => void = () => undefined;

  constructor(
    private readonly timing: RequeueTiming,
    private readonly logger: Logger,
    private readonly jobs: JobService,
  ) {}

  onModuleInit(): void {
    const { afterMs, everyMs } = this.timing;
    this.stop = this.jobs.startRequeuer(everyMs, afterMs, (err) =>
      this.logger.warn({ err: err.message }, 're-enqueueing waiting jobs failed'),
    );
  }

  onApplicationShutdown(): void {
    this.stop();
  }
}
