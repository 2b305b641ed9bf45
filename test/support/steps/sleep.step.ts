import { setTimeout as delay } from 'node:timers/promises';
import { defineStep } from '../../../src/steps/step.js';
import { sleepSpec } from './sleep.spec.js';

/** Waits; used to pace polling-style pipelines and to test timeouts, concurrency and crash recovery. */
export const sleepStep = defineStep<{ seconds: number }, { started_at: number; ended_at: number }>({
  ...sleepSpec,
  async run(input, ctx) {
    const started_at = Date.now();
    await delay(input.seconds * 1000, undefined, { signal: ctx.signal });
    return { started_at, ended_at: Date.now() };
  },
});
