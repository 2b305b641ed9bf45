import { defineSpec } from '../../../src/steps/step.js';

export const failSpec = defineSpec({
  type: 'fail',
  summary: 'Fails the job with a message',
  description:
    'Fails the job with `message` as its `error`. Give it a `when:` to reject inputs that earlier steps ' +
    'found unusable. `transient: true` marks the failure as retryable, for steps given `retries`.',
  with: {
    type: 'object',
    required: ['message'],
    additionalProperties: false,
    properties: { message: { type: 'string', minLength: 1 }, transient: { type: 'boolean' } },
  },
  output: { type: 'object', additionalProperties: false, properties: {} },
  example: `- id: too_long\n  uses: fail\n  when: "{{steps.probe.too_long}}"\n  with: { message: "the video is longer than 10 minutes" }`,
});
