import { Module } from '@nestjs/common';
import type { Config } from '../config/config.js';
import { CONFIG } from '../config/config.tokens.js';
import { createStepRegistry } from '../steps/registry.js';
import { loadPipelines } from './pipeline.loader.js';
import { PipelineRegistry } from './pipeline.registry.js';
import { PIPELINES } from './pipelines.tokens.js';
import { sourceUrlOptions } from './source-url-keyword.js';

/** The pipelines of PIPELINES_DIR, loaded and checked against the step registry once; a bad one stops start-up. */
@Module({
  providers: [
    {
      provide: PIPELINES,
      inject: [CONFIG],
      useFactory: (config: Config) =>
        new PipelineRegistry(
          loadPipelines({
            pipelinesDir: config.pipelinesDir,
            schemasDir: config.schemasDir,
            registry: createStepRegistry(),
            sourceUrls: sourceUrlOptions(config),
          }),
        ),
    },
  ],
  exports: [PIPELINES],
})
export class PipelinesModule {}
