/** The job records (JobStore) requests read and write: fail-fast on Redis. */
export const JOB_STORE = Symbol('JOB_STORE');
/** The job records workers write progress to (JobStore): patient on Redis, so a worker outlives an outage. */
export const WORKER_JOB_STORE = Symbol('WORKER_JOB_STORE');
/** The queue accepted jobs go through (JobQueue): BullMQ or in memory. */
export const JOB_QUEUE = Symbol('JOB_QUEUE');
/** What consumes the queue in this process (JobWorker); absent in ROLE=api. */
export const JOB_WORKER = Symbol('JOB_WORKER');
/** Told when a job ends (JobEndListener, optional): the webhooks module provides it. */
export const JOB_END_LISTENER = Symbol('JOB_END_LISTENER');
/** Tells this process when a job's record changes (JobChanges): the event streams follow it. */
export const JOB_CHANGES = Symbol('JOB_CHANGES');
/** The measured durations of completed jobs (JobDurations): workers record, request-serving processes read. */
export const JOB_DURATIONS = Symbol('JOB_DURATIONS');
