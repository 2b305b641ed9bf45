import { defineStep } from '../../../src/steps/step.js';
import { echoSpec } from './echo.spec.js';

/** Returns its input: assembles a result from other steps' outputs, and exercises the engine in tests. */
export const echoStep = defineStep<{ value: unknown }, { value: unknown }>({
  ...echoSpec,
  async run(input) {
    return { value: input.value };
  },
});
