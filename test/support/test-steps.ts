import path from 'node:path';
import { StepRegistry } from '../../src/pipelines/step-registry.js';
import { builtinSteps } from '../../src/steps/catalogue.js';
import type { StepExecutor } from '../../src/steps/step.js';
import { echoStep } from './steps/echo.step.js';
import { failStep } from './steps/fail.step.js';
import { sleepStep } from './steps/sleep.step.js';

/**
 * The steps only tests use (echo, fail, sleep): no production catalogue holds them. A service started by a test
 * gets them through STEP_MODULES naming this module's build; in-process tests take the registry below.
 */
export const steps: StepExecutor[] = [echoStep, failStep, sleepStep];

/** This module built, as STEP_MODULES names it (the tests run from the project root). */
export const TEST_STEPS_MODULE = path.join(process.cwd(), 'dist/test/support/test-steps.js');

/** The production steps and the test steps, as a service started with TEST_STEPS_MODULE has them. */
export function testStepRegistry(extra: StepExecutor[] = []): StepRegistry {
  return new StepRegistry([...builtinSteps, ...steps, ...extra]);
}
