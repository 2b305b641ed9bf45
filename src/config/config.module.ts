import { type DynamicModule, Module } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER } from './config.tokens.js';

/** One module's settings under its owner's token (JOBS_CONFIG in jobs/jobs.config.ts, ...). */
export interface ConfigSection {
  token: symbol;
  value: object;
}

/**
 * The configuration, loaded and checked before Nest starts (src/app composes it), and the logger, for every
 * module: each section under its own token, so a module injects only the sections it reads.
 */
@Module({})
export class ConfigModule {
  static forRoot(sections: ConfigSection[], logger: Logger): DynamicModule {
    const tokens = sections.map((s) => s.token);
    return {
      module: ConfigModule,
      global: true,
      providers: [...sections.map((s) => ({ provide: s.token, useValue: s.value })), { provide: LOGGER, useValue: logger }],
      exports: [...tokens, LOGGER],
    };
  }
}
