import { type DynamicModule, Module } from '@nestjs/common';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import {
  CONFIG,
  ENGINES_CONFIG,
  HTTP_CONFIG,
  JOBS_CONFIG,
  LOGGER,
  PAYMENTS_CONFIG,
  PIPELINES_CONFIG,
  PROCESS_CONFIG,
  REDIS_CONFIG,
  WEBHOOKS_CONFIG,
} from './config.tokens.js';

const SECTIONS = [
  PROCESS_CONFIG,
  REDIS_CONFIG,
  HTTP_CONFIG,
  JOBS_CONFIG,
  PIPELINES_CONFIG,
  PAYMENTS_CONFIG,
  ENGINES_CONFIG,
  WEBHOOKS_CONFIG,
];

/**
 * The configuration loaded (and checked) before Nest starts, and the logger, for every module: a module
 * injects only the section it owns (e.g. JOBS_CONFIG typed JobsConfig).
 */
@Module({})
export class ConfigModule {
  static forRoot(config: Config, logger: Logger): DynamicModule {
    return {
      module: ConfigModule,
      global: true,
      providers: [
        { provide: CONFIG, useValue: config },
        ...SECTIONS.map((token) => ({ provide: token, useExisting: CONFIG })),
        { provide: LOGGER, useValue: logger },
      ],
      exports: [CONFIG, ...SECTIONS, LOGGER],
    };
  }
}
