import type { INestApplicationContext } from '@nestjs/common';
import { DEVNET_CHAINS } from '../devnet/devnet.tokens.js';
import type { DevnetChains } from '../devnet/devnet-chains.js';
import { JobService } from '../jobs/job.service.js';
import type { JobQueue } from '../jobs/job-queue.js';
import type { JobStore } from '../jobs/job-store.js';
import { JOB_QUEUE, JOB_STORE } from '../jobs/jobs.tokens.js';
import type { Payments } from '../payments/create-payments.js';
import { PAYMENTS } from '../payments/payments.tokens.js';
import type { PipelineRegistry } from '../pipelines/pipeline-registry.js';
import { PIPELINES } from '../pipelines/pipelines.tokens.js';
import { APP_CONFIG, type AppConfig } from './app-config.js';

/** What tests and benches reach into, taken from a built app's Nest container (not used by the service itself). */
export interface AppParts {
  config: AppConfig;
  pipelines: PipelineRegistry;
  jobs: JobService;
  store: JobStore;
  queue: JobQueue;
  /** Null in a process that takes no payments. */
  payments: Payments | null;
  /** The local chains (devnet mode, processes that take payments), else null. */
  devnet: DevnetChains | null;
}

export function appParts(context: INestApplicationContext): AppParts {
  const optional = <T>(token: unknown): T | null => {
    try {
      return context.get<T>(token as symbol);
    } catch {
      return null; // the module is not loaded in this ROLE
    }
  };
  const payments = optional<Payments>(PAYMENTS);
  return {
    config: context.get<AppConfig>(APP_CONFIG),
    pipelines: context.get<PipelineRegistry>(PIPELINES),
    jobs: context.get(JobService),
    store: context.get<JobStore>(JOB_STORE),
    queue: context.get<JobQueue>(JOB_QUEUE),
    payments,
    devnet: optional<DevnetChains>(DEVNET_CHAINS),
  };
}
