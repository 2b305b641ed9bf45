/**
 * A known failure: reported on purpose, by a step or by the engine it called, with a message the client reads in
 * the job's `error` (not a crash). `transient` errors (a network blip, a busy engine) are retried when the pipeline gives
 * the step `retries`; others fail the job at once. It lives here, below steps/, so engines can raise it.
 */
export class KnownFailure extends Error {
  constructor(
    message: string,
    readonly options: { transient?: boolean } = {},
  ) {
    super(message);
  }
  get transient(): boolean {
    return this.options.transient === true;
  }
}
