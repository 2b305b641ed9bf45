import { type DynamicModule, Module } from '@nestjs/common';
import type { EnginesConfig } from '../engines/engines.config.js';
import { createStepServices } from './create-services.js';
import type { StepServices } from './services.js';
import { STEP_SERVICES } from './steps.tokens.js';

/**
 * What step executors run on (STEP_SERVICES): the engines behind their ports, built once from the engines'
 * settings and the folders of the operator-edited files. Only processes that run jobs load this module.
 */
@Module({})
export class StepsModule {
  static forRoot(engines: EnginesConfig, paths: StepServices['paths']): DynamicModule {
    return {
      module: StepsModule,
      providers: [{ provide: STEP_SERVICES, useFactory: () => createStepServices(engines, paths) }],
      exports: [STEP_SERVICES],
    };
  }
}
