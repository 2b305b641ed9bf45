import { ENGINES_DEFAULTS, type EnginesConfig, enginesConfig } from '../engines/engines.config.js';
import { HTTP_DEFAULTS, type HttpConfig, httpConfig } from '../http/http.config.js';
import { JOBS_DEFAULTS, type JobsConfig, jobsConfig } from '../jobs/jobs.config.js';
import { PAYMENTS_DEFAULTS, type PaymentsConfig, paymentsConfig } from '../payments/payments.config.js';
import { PIPELINES_DEFAULTS, type PipelinesConfig, pipelinesConfig } from '../pipelines/pipelines.config.js';
import { REDIS_DEFAULTS, type RedisConfig, redisConfig } from '../redis/redis.config.js';
import { WEBHOOKS_DEFAULTS, type WebhooksConfig, webhooksConfig } from '../webhooks/webhooks.config.js';
import { EnvReader } from './env-reader.js';
import { PROCESS_DEFAULTS, type ProcessConfig, processConfig } from './process.config.js';

export { DEVNET_MPP_SECRET_KEY, DEVNET_PAY_TO } from '../payments/payments.config.js';
export type { EnginesConfig, HttpConfig, JobsConfig, PaymentsConfig, PipelinesConfig, ProcessConfig, RedisConfig, WebhooksConfig };

/**
 * Every environment variable the service reads, parsed and checked once at start-up. Each section is
 * parsed beside the module that owns it; a module takes only its section (see config.tokens.ts).
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

/** Documented defaults; the README's configuration table lists the same names and values. */
export const CONFIG_DEFAULTS = {
  ...PROCESS_DEFAULTS,
  ...HTTP_DEFAULTS,
  ...REDIS_DEFAULTS,
  ...JOBS_DEFAULTS,
  ...PIPELINES_DEFAULTS,
  ...PAYMENTS_DEFAULTS,
  ...ENGINES_DEFAULTS,
  ...WEBHOOKS_DEFAULTS,
} as const;

/** Parses every section, then throws one ConfigError naming all the problems found. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, projectRoot = process.cwd()): Config {
  const problems: string[] = [];
  const reader = <D extends Record<string, string>>(defaults: D) => new EnvReader(env, projectRoot, defaults, problems);
  const redis = redisConfig(reader(REDIS_DEFAULTS));
  const proc = processConfig(reader(PROCESS_DEFAULTS), redis.redisUrl);
  const http = httpConfig(reader(HTTP_DEFAULTS));
  const config: Config = {
    ...proc,
    ...redis,
    ...http,
    ...jobsConfig(reader(JOBS_DEFAULTS)),
    ...pipelinesConfig(reader(PIPELINES_DEFAULTS)),
    ...paymentsConfig(reader(PAYMENTS_DEFAULTS), http.publicBaseUrl),
    ...enginesConfig(reader(ENGINES_DEFAULTS)),
    ...webhooksConfig(reader(WEBHOOKS_DEFAULTS)),
  };
  if (problems.length) throw new ConfigError(problems);
  return config;
}
