import type { ConfigSection } from '../config/config.module.js';
import { PROCESS_CONFIG } from '../config/config.tokens.js';
import type { ProcessConfig } from '../config/process.config.js';
import { DEVNET_CONFIG, type DevnetConfig } from '../devnet/devnet.config.js';
import { ENGINES_CONFIG, type EnginesConfig } from '../engines/engines.config.js';
import { HTTP_CONFIG, type HttpConfig } from '../http/http.config.js';
import { JOBS_CONFIG, type JobsConfig } from '../jobs/jobs.config.js';
import { PAYMENTS_CONFIG, type PaymentsConfig } from '../payments/payments.config.js';
import { PIPELINES_CONFIG, type PipelinesConfig } from '../pipelines/pipelines.config.js';
import { REDIS_CONFIG, type RedisConfig } from '../redis/redis.config.js';
import { WEBHOOKS_CONFIG, type WebhooksConfig } from '../webhooks/webhooks.config.js';

/**
 * Every environment variable the service reads, parsed and checked once at start-up (load-config.ts): one
 * section per module, parsed beside the module that owns it, which is given that section alone.
 */
export interface AppConfig {
  process: ProcessConfig;
  redis: RedisConfig;
  http: HttpConfig;
  jobs: JobsConfig;
  pipelines: PipelinesConfig;
  payments: PaymentsConfig;
  engines: EnginesConfig;
  webhooks: WebhooksConfig;
  devnet: DevnetConfig;
}

/** Each section under its owner's token, for ConfigModule. */
export function configSections(config: AppConfig): ConfigSection[] {
  return [
    { token: PROCESS_CONFIG, value: config.process },
    { token: REDIS_CONFIG, value: config.redis },
    { token: HTTP_CONFIG, value: config.http },
    { token: JOBS_CONFIG, value: config.jobs },
    { token: PIPELINES_CONFIG, value: config.pipelines },
    { token: PAYMENTS_CONFIG, value: config.payments },
    { token: ENGINES_CONFIG, value: config.engines },
    { token: WEBHOOKS_CONFIG, value: config.webhooks },
    { token: DEVNET_CONFIG, value: config.devnet },
  ];
}

/** The whole configuration, for what tests and benches reach into (AppParts); no module injects it. */
export const APP_CONFIG = Symbol('APP_CONFIG');
