import { ConfigError } from '../config/config-error.js';
import { EnvReader } from '../config/env-reader.js';
import { PROCESS_DEFAULTS, processConfig } from '../config/process.config.js';
import { DEVNET_DEFAULTS, devnetConfig } from '../devnet/devnet.config.js';
import { ENGINES_DEFAULTS, enginesConfig } from '../engines/engines.config.js';
import { HTTP_DEFAULTS, httpConfig } from '../http/http.config.js';
import { JOBS_DEFAULTS, jobsConfig } from '../jobs/jobs.config.js';
import { PAYMENTS_DEFAULTS, paymentsConfig } from '../payments/payments.config.js';
import { PIPELINES_DEFAULTS, pipelinesConfig } from '../pipelines/pipelines.config.js';
import { REDIS_DEFAULTS, redisConfig } from '../redis/redis.config.js';
import { WEBHOOKS_DEFAULTS, webhooksConfig } from '../webhooks/webhooks.config.js';
import type { AppConfig } from './app-config.js';

export { ConfigError };

/** Documented defaults; docs/configuration.md lists the same names and values (load-config.test.ts). */
export const CONFIG_DEFAULTS = {
  ...PROCESS_DEFAULTS,
  ...HTTP_DEFAULTS,
  ...REDIS_DEFAULTS,
  ...JOBS_DEFAULTS,
  ...PIPELINES_DEFAULTS,
  ...PAYMENTS_DEFAULTS,
  ...ENGINES_DEFAULTS,
  ...WEBHOOKS_DEFAULTS,
  ...DEVNET_DEFAULTS,
} as const;

/** Parses every section, then throws one ConfigError naming all the problems found. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, projectRoot = process.cwd()): AppConfig {
  const problems: string[] = [];
  const reader = <D extends Record<string, string>>(defaults: D) => new EnvReader(env, projectRoot, defaults, problems);
  const redis = redisConfig(reader(REDIS_DEFAULTS));
  const proc = processConfig(reader(PROCESS_DEFAULTS), redis.target !== null);
  const http = httpConfig(reader(HTTP_DEFAULTS));
  const config: AppConfig = {
    process: proc,
    redis,
    http,
    jobs: jobsConfig(reader(JOBS_DEFAULTS)),
    pipelines: pipelinesConfig(reader(PIPELINES_DEFAULTS)),
    payments: paymentsConfig(reader(PAYMENTS_DEFAULTS), http.publicBaseUrl),
    engines: enginesConfig(reader(ENGINES_DEFAULTS)),
    webhooks: webhooksConfig(reader(WEBHOOKS_DEFAULTS)),
    devnet: devnetConfig(reader(DEVNET_DEFAULTS)),
  };
  // The devnet's sample media are sources in devnet mode only: the one setting composed across two sections.
  config.engines.media.devnetSamples = config.payments.paymentMode === 'devnet';
  if (problems.length) throw new ConfigError(problems);
  return config;
}
