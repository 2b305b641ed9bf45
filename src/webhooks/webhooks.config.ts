import type { EnvReader } from '../config/env-reader.js';

/** Job callbacks (callback_url): the secret their signing keys derive from. */
export interface WebhooksConfig {
  /** WEBHOOK_SECRET; null: generated once and kept in Redis (or per process without Redis). */
  webhookSecret: string | null;
}

/** Where Nest provides this section (ConfigModule, composed in src/app). */
export const WEBHOOKS_CONFIG = Symbol('WEBHOOKS_CONFIG');

export const WEBHOOKS_DEFAULTS = {} as const;

export function webhooksConfig(r: EnvReader<typeof WEBHOOKS_DEFAULTS>): WebhooksConfig {
  const webhookSecret = r.optional('WEBHOOK_SECRET');
  if (webhookSecret !== null && webhookSecret.length < 32) r.problems.push('WEBHOOK_SECRET: must be at least 32 characters');
  return { webhookSecret };
}
