import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { Logger } from 'pino';
import type { Config } from '../config/config.js';
import { CONFIG, LOGGER } from '../config/config.tokens.js';
import { JobService } from './job.service.js';
import { sweepTiming } from './sweep-timing.js';

/**
 * Enqueues again a job recorded `queued` that its queue does not hold (its writer died before enqueueing it),
 * once it has waited as long as a settlement may. Runs in every process that takes paid requests.
 */
@Injectable()
export class JobRequeuer implements OnModuleInit, OnApplicationShutdown {
  private stop: () => void = () => undefined;

  constructor(
    @Inject(CONFIG) private readonly config: Config,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly jobs: JobService,
  ) {}

  onModuleInit(): void {
    const { afterMs, everyMs } = sweepTiming(this.config.settlementReconcileSeconds);
    this.stop = this.jobs.startRequeuer(everyMs, afterMs, (err) =>
      this.logger.warn({ err: err.message }, 're-enqueueing waiting jobs failed'),
    );
  }

  onApplicationShutdown(): void {
    this.stop();
  }
}
