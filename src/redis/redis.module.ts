import { Global, Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER } from '../config/config.tokens.js';
import { REDIS_CONFIG, type RedisConfig } from './redis.config.js';
import { FAST_REDIS, REDIS_CONNECTIONS } from './redis.tokens.js';
import { RedisConnections } from './redis-connections.js';

/** Ends every Redis socket once everything that used them has closed (global: the last shutdown step). */
@Injectable()
class RedisShutdown implements OnApplicationShutdown {
  constructor(@Inject(REDIS_CONNECTIONS) private readonly connections: RedisConnections | null) {}

  onApplicationShutdown(): void {
    this.connections?.close();
  }
}

/** The process's Redis connections when Redis is configured (REDIS_URL, REDIS_CLUSTER_NODES or REDIS_SENTINELS); start-up fails when Redis does not answer. */
@Global()
@Module({
  providers: [
    {
      provide: REDIS_CONNECTIONS,
      inject: [REDIS_CONFIG, LOGGER],
      useFactory: (config: RedisConfig, logger: Logger) =>
        config.target ? new RedisConnections(config.target, logger, config.redisCommandTimeoutMs) : null,
    },
    {
      provide: FAST_REDIS,
      inject: [REDIS_CONNECTIONS],
      useFactory: (connections: RedisConnections | null) =>
        connections?.fast().catch((err) => {
          connections.close();
          throw err;
        }) ?? null,
    },
    RedisShutdown,
  ],
  exports: [REDIS_CONNECTIONS, FAST_REDIS],
})
export class RedisModule {}
