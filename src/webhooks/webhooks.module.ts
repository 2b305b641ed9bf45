import path from 'node:path';
import { type BeforeApplicationShutdown, Global, Injectable, Module } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER } from '../config/config.tokens.js';
import { ENGINES_CONFIG, type EnginesConfig } from '../engines/engines.config.js';
import { JOBS_CONFIG, type JobsConfig } from '../jobs/jobs.config.js';
import { JOB_END_LISTENER } from '../jobs/jobs.tokens.js';
import { REDIS_CONFIG, type RedisConfig } from '../redis/redis.config.js';
import { FAST_REDIS } from '../redis/redis.tokens.js';
import type { RedisClient } from '../redis/redis-client.js';
import { loadSharedSecret } from '../redis/shared-secret.js';
import { WebhookSender } from './webhook-sender.js';
import { WEBHOOKS_CONFIG, type WebhooksConfig } from './webhooks.config.js';
import { WEBHOOK_SECRET } from './webhooks.tokens.js';

/** Lets callbacks under way finish (at most 10 s) once the worker has stopped taking jobs. */
@Injectable()
class WebhooksShutdown implements BeforeApplicationShutdown {
  constructor(private readonly sender: WebhookSender) {}

  async beforeApplicationShutdown(): Promise<void> {
    await this.sender.drain(10_000);
  }
}

/**
 * Job callbacks: the deployment's secret (WEBHOOK_SECRET, else generated once and kept in Redis at
 * `<KEY_PREFIX>:webhook-secret`, else in WORK_DIR/secrets) for the 202's callback_secret, and the sender workers use.
 */
@Global()
@Module({
  providers: [
    {
      provide: WEBHOOK_SECRET,
      inject: [WEBHOOKS_CONFIG, REDIS_CONFIG, JOBS_CONFIG, FAST_REDIS],
      useFactory: (config: WebhooksConfig, redis: RedisConfig, jobs: JobsConfig, fast: RedisClient | null) =>
        loadSharedSecret(config.webhookSecret, fast, `${redis.keyPrefix}:webhook-secret`, path.join(jobs.workDir, 'secrets')),
    },
    {
      provide: WebhookSender,
      inject: [WEBHOOK_SECRET, ENGINES_CONFIG, LOGGER],
      useFactory: (secret: string, engines: EnginesConfig, logger: Logger) =>
        new WebhookSender({ secret, allowLoopback: engines.media.allowLoopback, logger }),
    },
    // Workers tell the sender when a job ends (jobs' JobEndListener port).
    { provide: JOB_END_LISTENER, useExisting: WebhookSender },
    WebhooksShutdown,
  ],
  exports: [WEBHOOK_SECRET, WebhookSender, JOB_END_LISTENER],
})
export class WebhooksModule {}
