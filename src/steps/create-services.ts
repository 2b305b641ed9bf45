import type { Config } from '../config/config.js';
import type { StepServices } from './services.js';

/** Builds the step services from the validated config (called once, by the composition root). */
export function createStepServices(config: Config): StepServices {
  return {
    paths: { promptsDir: config.promptsDir, schemasDir: config.schemasDir, knowledgeDir: config.knowledgeDir },
  };
}
