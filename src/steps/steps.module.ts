import { Module } from '@nestjs/common';
import type { Config } from '../config/config.js';
import { CONFIG } from '../config/config.tokens.js';
import { createStepServices } from './create-services.js';
import { STEP_SERVICES } from './steps.tokens.js';

/**
 * What step executors run on (STEP_SERVICES): the engines behind their ports, built once from configuration.
 * Only processes that run jobs load this module.
 */
@Module({
  providers: [{ provide: STEP_SERVICES, inject: [CONFIG], useFactory: (config: Config) => createStepServices(config) }],
  exports: [STEP_SERVICES],
})
export class StepsModule {}
