import { setTimeout as delay } from 'node:timers/promises';
import { defineStep } from '../../../src/steps/step.js';

/** Waits; used to pace polling-style pipelines and to test timeouts, concurrency and crash recovery. */
export const sleepStep = defineStep<{ seconds: number }, { started_at: number; ended_at: number }>({
  type: 'sleep',
  summary: 'Waits a number of seconds',
  description:
    'Waits `seconds` (at most 600), then outputs when it started and ended (epoch milliseconds). ' +
    "It stops at once when the step's timeout or the job's cancellation aborts it.",
  with: {
    type: 'object',
    required: ['seconds'],
    additionalProperties: false,
    properties: { seconds: { type: 'number', minimum: 0, maximum: 600 } },
  },
  output: {
    type: 'object',
    required: ['started_at', 'ended_at'],
    additionalProperties: false,
    properties: { started_at: { type: 'integer' }, ended_at: { type: 'integer' } },
  },
  example: `- id: pause\n  uses: sleep\n  with: { seconds: 2 }`,
  async run(input, ctx) {
    const started_at = Date.now();
    await delay(input.seconds * 1000, undefined, { signal: ctx.signal });
    return { started_at, ended_at: Date.now() };
  },
});
