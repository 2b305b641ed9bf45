import os from 'node:os';
import path from 'node:path';
import { EnvReader } from '../config/env-reader.js';

/** The job queue and its workers: queue name, concurrency, stalled-job recovery, retention, scratch space. */
export interface JobsConfig {
  queueName: string;
  workerConcurrency: number;
  workerLockMs: number;
  workerStalledIntervalMs: number;
  workerMaxStalled: number;
  jobRetentionSeconds: number;
  workDir: string;
}

/** Where Nest provides this section (ConfigModule, composed in src/app). */
export const JOBS_CONFIG = Symbol('JOBS_CONFIG');

export const JOBS_DEFAULTS = {
  QUEUE_NAME: 'pipelines',
  WORKER_CONCURRENCY: '2',
  WORKER_LOCK_MS: '30000',
  WORKER_STALLED_INTERVAL_MS: '15000',
  WORKER_MAX_STALLED: '2',
  JOB_RETENTION_SECONDS: '3600',
} as const;

export function jobsConfig(r: EnvReader<typeof JOBS_DEFAULTS>): JobsConfig {
  return {
    queueName: r.get('QUEUE_NAME'),
    workerConcurrency: r.int('WORKER_CONCURRENCY', 1, 64),
    workerLockMs: r.int('WORKER_LOCK_MS', 1000, 3_600_000),
    workerStalledIntervalMs: r.int('WORKER_STALLED_INTERVAL_MS', 500, 3_600_000),
    workerMaxStalled: r.int('WORKER_MAX_STALLED', 0, 100),
    jobRetentionSeconds: r.int('JOB_RETENTION_SECONDS', 1, 30 * 24 * 3600),
    workDir: path.resolve(r.projectRoot, r.env.WORK_DIR || path.join(os.tmpdir(), 'vidint')),
  };
}
