import { Module } from '@nestjs/common';
import type { Config } from '../config/config.js';
import { CONFIG } from '../config/config.tokens.js';
import { createStepServices } from '../steps/create-services.js';
import { STEP_SERVICES } from './engines.tokens.js';

/** The step engines, built once from configuration; only processes that run jobs load this module. */
@Module({
  providers: [{ provide: STEP_SERVICES, inject: [CONFIG], useFactory: (config: Config) => createStepServices(config) }],
  exports: [STEP_SERVICES],
})
export class EnginesModule {}
