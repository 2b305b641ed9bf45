import type { EnginesConfig } from '../engines/engines.config.js';
import type { HttpConfig } from '../http/http.config.js';
import type { JobsConfig } from '../jobs/jobs.config.js';
import type { PaymentsConfig } from '../payments/payments.config.js';
import type { PipelinesConfig } from '../pipelines/pipelines.config.js';
import type { RedisConfig } from '../redis/redis.config.js';
import type { WebhooksConfig } from '../webhooks/webhooks.config.js';
import type { ProcessConfig } from './process.config.js';

export type { EnginesConfig, HttpConfig, JobsConfig, PaymentsConfig, PipelinesConfig, ProcessConfig, RedisConfig, WebhooksConfig };

/**
 * Every environment variable the service reads, parsed and checked once at start-up (app/load-config.ts). Each
 * section is parsed beside the module that owns it; a module takes only its section (see config.tokens.ts).
 */
export type Config = ProcessConfig &
  RedisConfig &
  HttpConfig &
  JobsConfig &
  PipelinesConfig &
  PaymentsConfig &
  EnginesConfig &
  WebhooksConfig;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n  - ${problems.join('\n  - ')}`);
  }
}
