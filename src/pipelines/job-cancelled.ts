/**
 * Why a running job was stopped from outside its pipeline: the abort reason of a job's signal. Its steps are
 * aborted and the engines kill their child processes. `handedOver` says another worker runs the job (its
 * queue lock was lost, or this worker was shut down and the queue's stalled-job check hands it on): then
 * this worker records nothing. Otherwise the job fails with "the job was cancelled: <reason>".
 */
export class JobCancelled extends Error {
  constructor(
    reason: string,
    readonly handedOver: boolean,
  ) {
    super(reason);
  }

  /** A signal's abort reason as a JobCancelled (a plain reason counts as not handed over). */
  static from(reason: unknown): JobCancelled {
    if (reason instanceof JobCancelled) return reason;
    return new JobCancelled(reason instanceof Error ? reason.message : String(reason ?? 'cancelled'), false);
  }
}
