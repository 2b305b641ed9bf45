/** What consumes the job queue in a process that runs jobs (ROLE=worker|all): BullMQ's worker or the in-process one. */
export interface JobWorker {
  /** Takes no new job from now on; running ones go on. What a stopping process without HTTP does first. */
  stopTaking(): void;
  /** Stops taking jobs and waits (bounded) for the running ones; runs before the queue closes. */
  close(): Promise<void>;
}
