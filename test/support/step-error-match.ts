import { StepError } from '../../src/engines/step-error.js';

/** An `assert.rejects` check: a StepError with this message (exact, or matching) and this transience. */
export const stepError =
  (message: string | RegExp, transient = false) =>
  (err: unknown) =>
    err instanceof StepError &&
    (typeof message === 'string' ? err.message === message : message.test(err.message)) &&
    err.transient === transient;
