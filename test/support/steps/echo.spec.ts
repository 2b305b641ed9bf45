import { defineSpec } from '../../../src/steps/step.js';

export const echoSpec = defineSpec({
  type: 'echo',
  summary: 'Returns the value it is given',
  description:
    'Outputs `{value}` exactly as resolved. Use it to assemble an object from request fields and other ' +
    "steps' outputs, or to give a constant a name other steps can reference.",
  with: {
    type: 'object',
    required: ['value'],
    additionalProperties: false,
    properties: { value: { description: 'Any JSON value; expressions inside it are resolved.' } },
  },
  output: {
    type: 'object',
    required: ['value'],
    additionalProperties: false,
    properties: { value: { description: 'The resolved input value.' } },
  },
  example: `- id: greeting\n  uses: echo\n  with:\n    value: { text: "hello {{request.name}}" }`,
});
