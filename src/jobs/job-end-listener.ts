import type { JobRecord } from './job.types.js';

/** Told when a job ends (complete or failed): the webhooks module's sender delivers the job's callback_url. */
export interface JobEndListener {
  notify(record: JobRecord): void;
}
