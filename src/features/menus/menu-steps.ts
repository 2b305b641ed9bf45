import type { StepExecutor } from '../../steps/step.js';
import { findMenuStep } from './steps/find-menu.step.js';
import { priceMenuStep } from './steps/price-menu.step.js';
import { resolvePlaceStep } from './steps/resolve-place.step.js';
import { translateMenuStep } from './steps/translate-menu.step.js';

/**
 * The /menu-from-maps feature's steps, in pipeline order; the step registry takes them with the built-in ones.
 * The rest of the feature sits beside them: map URLs, schema.org menus, menu text, prices and currencies,
 * live rates and the Places API.
 */
export const menuSteps: StepExecutor[] = [resolvePlaceStep, findMenuStep, priceMenuStep, translateMenuStep];
