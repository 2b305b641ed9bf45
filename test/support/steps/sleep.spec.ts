import { defineSpec } from '../../../src/steps/step.js';

export const sleepSpec = defineSpec({
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
});
