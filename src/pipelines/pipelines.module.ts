import { Inject, Injectable, Module, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER } from '../config/config.tokens.js';
import { ENGINES_CONFIG, type EnginesConfig } from '../engines/engines.config.js';
import type { LoaderOptions } from './pipeline-loader.js';
import { compilePipelineSource, loadPipelines } from './pipeline-loader.js';
import { PipelineRegistry } from './pipeline-registry.js';
import { PipelineWatcher } from './pipeline-watcher.js';
import { PIPELINES_CONFIG, type PipelinesConfig } from './pipelines.config.js';
import { PIPELINES, STEP_REGISTRY } from './pipelines.tokens.js';
import { sourceUrlOptions } from './source-url-keyword.js';
import { loadStepRegistry, StepRegistry } from './step-registry.js';

/** `engines`: request URLs are checked on their face as the steps that fetch them will check them. */
function loaderOptions(config: PipelinesConfig, engines: EnginesConfig, registry: StepRegistry): LoaderOptions {
  return {
    pipelinesDir: config.pipelinesDir,
    schemasDir: config.schemasDir,
    registry,
    sourceUrls: sourceUrlOptions(engines),
  };
}

/** Starts the hot-reload watcher once the app is built (WATCH=true), and stops it on close. */
@Injectable()
class PipelineWatch implements OnApplicationBootstrap, OnModuleDestroy {
  private watcher: PipelineWatcher | null = null;

  constructor(
    @Inject(PIPELINES) private readonly registry: PipelineRegistry,
    @Inject(PIPELINES_CONFIG) private readonly config: PipelinesConfig,
    @Inject(ENGINES_CONFIG) private readonly engines: EnginesConfig,
    @Inject(STEP_REGISTRY) private readonly steps: StepRegistry,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.watch) return;
    this.watcher = new PipelineWatcher(this.registry, loaderOptions(this.config, this.engines, this.steps), this.config, this.logger);
    await this.watcher.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.watcher?.close();
  }
}

/**
 * The pipelines of PIPELINES_DIR, loaded and checked against the step registry at start-up (a bad one stops
 * start-up); with WATCH=true, edits are re-validated and swapped in (PipelineWatcher).
 */
@Module({
  providers: [
    {
      provide: STEP_REGISTRY,
      inject: [PIPELINES_CONFIG],
      useFactory: (config: PipelinesConfig) => loadStepRegistry(config.stepModules),
    },
    {
      provide: PIPELINES,
      inject: [PIPELINES_CONFIG, ENGINES_CONFIG, STEP_REGISTRY],
      useFactory: (config: PipelinesConfig, engines: EnginesConfig, steps: StepRegistry) => {
        const options = loaderOptions(config, engines, steps);
        return new PipelineRegistry(loadPipelines(options), (source) => compilePipelineSource(source, options));
      },
    },
    PipelineWatch,
  ],
  exports: [PIPELINES],
})
export class PipelinesModule {}
