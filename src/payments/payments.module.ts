import { type BeforeApplicationShutdown, type DynamicModule, Inject, Injectable, Module, type Type } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER } from '../config/config.tokens.js';
import { REDIS_CONFIG, type RedisConfig } from '../redis/redis.config.js';
import { FAST_REDIS, REDIS_CONNECTIONS } from '../redis/redis.tokens.js';
import type { RedisClient } from '../redis/redis-client.js';
import type { RedisConnections } from '../redis/redis-connections.js';
import { createPayments, type Payments } from './create-payments.js';
import type { Fulfilment } from './fulfilment.js';
import { PAYMENTS_CONFIG, type PaymentsConfig } from './payments.config.js';
import { AFFILIATE_LEDGER, FULFILMENT, PAYMENTS, PAYWALL, SETTLEMENT_NETWORKS } from './payments.tokens.js';
import { liveSettlementNetworks, type SettlementNetworks } from './settlement-networks.js';

/** Stops the background reconciler before the chains it reaches go (the devnet's stop on application shutdown). */
@Injectable()
class PaymentsShutdown implements BeforeApplicationShutdown {
  constructor(@Inject(PAYMENTS) private readonly payments: Payments) {}

  beforeApplicationShutdown(): void {
    this.payments.close();
  }
}

export interface PaymentsModuleOptions {
  /** The module that provides SETTLEMENT_NETWORKS (the devnet's), or null: live, from config. */
  networks: Type | null;
  /** The module that provides FULFILMENT: what a settled payment becomes (orders/). */
  fulfilment: Type;
  /** WORK_DIR, where the job-id secret is kept when there is no Redis. */
  workDir: string;
}

/**
 * Payments, in processes that take them (ROLE=api|all): the paywall of the paid routes and the affiliate
 * ledger. A settled payment is handed to the FULFILMENT the `fulfilment` module provides; payments know
 * nothing of what it becomes. Where each network settles comes from `networks`, or live from config.
 */
@Module({})
export class PaymentsModule {
  static forRoot({ networks, fulfilment, workDir }: PaymentsModuleOptions): DynamicModule {
    const live = { provide: SETTLEMENT_NETWORKS, inject: [PAYMENTS_CONFIG], useFactory: liveSettlementNetworks };
    return {
      module: PaymentsModule,
      // Global, as JobsModule: the HTTP-side modules (http, discovery, mcp) take the paywall without importing it.
      global: true,
      imports: [fulfilment, ...(networks ? [networks] : [])],
      providers: [...(networks ? [] : [live]), paymentsProvider(workDir), ...derived, PaymentsShutdown],
      exports: [PAYMENTS, PAYWALL, AFFILIATE_LEDGER],
    };
  }
}

const derived = [
  { provide: PAYWALL, inject: [PAYMENTS], useFactory: (p: Payments) => p.paywall },
  { provide: AFFILIATE_LEDGER, inject: [PAYMENTS], useFactory: (p: Payments) => p.ledger },
];

function paymentsProvider(workDir: string) {
  return {
    provide: PAYMENTS,
    inject: [PAYMENTS_CONFIG, REDIS_CONFIG, LOGGER, FAST_REDIS, REDIS_CONNECTIONS, FULFILMENT, SETTLEMENT_NETWORKS],
    useFactory: async (
      payments: PaymentsConfig,
      redisConfig: RedisConfig,
      logger: Logger,
      redis: RedisClient | null,
      connections: RedisConnections | null,
      fulfilment: Fulfilment,
      networks: SettlementNetworks,
    ) => {
      const config = { ...payments, keyPrefix: redisConfig.keyPrefix, workDir, replicaAckTimeoutMs: redisConfig.replicaAckTimeoutMs };
      const claimsRedis = (await connections?.failFast()) ?? null;
      return createPayments({ config, logger, redis, claimsRedis, fulfilment, networks });
    },
  };
}
