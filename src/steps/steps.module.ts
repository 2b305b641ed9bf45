import { type DynamicModule, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { CpuPool } from '../engines/cpu-pool/cpu-pool.js';
import type { EnginesConfig } from '../engines/engines.config.js';
// The steps' code loads with their engines: the files it caches are hot-reloaded from start-up, and no first job waits for it.
import './catalogue.js';
import { createStepTools } from './create-step-tools.js';
import type { StepTools } from './step-tools.js';
import { CPU_POOL, STEP_TOOLS } from './steps.tokens.js';

/**
 * What step executors run on (STEP_TOOLS): the engines behind their ports, built once from the engines'
 * settings and the folders of the operator-edited files. Only processes that run jobs load this module; the CPU pool
 * (CPU_POOL) the engines' heavy work runs in starts with its first task and is closed when the process stops.
 */
@Module({})
export class StepsModule implements OnApplicationShutdown {
  constructor(@Inject(CPU_POOL) private readonly pool: CpuPool) {}

  static forRoot(engines: EnginesConfig, paths: StepTools['paths']): DynamicModule {
    return {
      module: StepsModule,
      providers: [
        { provide: CPU_POOL, useFactory: () => new CpuPool(engines.cpuThreads) },
        { provide: STEP_TOOLS, useFactory: (pool: CpuPool) => createStepTools(engines, paths, pool), inject: [CPU_POOL] },
      ],
      exports: [STEP_TOOLS],
    };
  }

  /** After the workers have stopped (their jobs finished or handed back): the pool's threads end. */
  onApplicationShutdown(): Promise<void> {
    return this.pool.close();
  }
}
