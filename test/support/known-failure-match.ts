import { KnownFailure } from '../../src/engines/known-failure.js';

/** An `assert.rejects` check: a KnownFailure with this message (exact, or matching) and this transience. */
export const knownFailure =
  (message: string | RegExp, transient = false) =>
  (err: unknown) =>
    err instanceof KnownFailure &&
    (typeof message === 'string' ? err.message === message : message.test(err.message)) &&
    err.transient === transient;
