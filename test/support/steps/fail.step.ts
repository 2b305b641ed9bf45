import { KnownFailure } from '../../../src/engines/known-failure.js';
import { defineStep } from '../../../src/steps/step.js';
import { failSpec } from './fail.spec.js';

/** Fails the job with a message; with `when:` it turns a condition on earlier outputs into a clear error. */
export const failStep = defineStep<{ message: string; transient?: boolean }, Record<string, never>>({
  ...failSpec,
  async run(input) {
    throw new KnownFailure(input.message, { transient: input.transient === true });
  },
});
