/** What consumes the job queue in a process that runs jobs (ROLE=worker|all): BullMQ's worker or the in-process one. */
export interface JobWorker {
  /** Stops taking jobs and waits (bounded) for the running ones; runs before the queue closes. */
  close(): Promise<void>;
}
