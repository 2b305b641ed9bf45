import { Inject, Injectable, Module, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER } from '../config/config.tokens.js';
import { PAYMENTS_CONFIG, type PaymentsConfig } from '../payments/payments.config.js';
import { SETTLEMENT_NETWORKS } from '../payments/payments.tokens.js';
import { DEVNET_CONFIG, type DevnetConfig } from './devnet.config.js';
import { DevnetController } from './devnet.controller.js';
import { DEVNET_CHAINS } from './devnet.tokens.js';
import { type DevnetChains, devnetSettlementNetworks, startDevnetChains, stopDevnetChains } from './devnet-chains.js';

/**
 * Says loudly, once started, that payments settle on local test chains (an operator who meant live mode must not
 * miss it); stops the chains last, once the HTTP server has drained and the settlements under way have ended.
 */
@Injectable()
class DevnetLifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(
    @Inject(DEVNET_CHAINS) private readonly chains: DevnetChains,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    const rpc = Object.fromEntries(Object.entries(this.chains).map(([name, chain]) => [name, chain?.rpcUrl ?? null]));
    this.logger.warn(
      { rpc },
      'DEVNET: PAYMENT_MODE=devnet, payments settle on local test chains with worthless test USDC (GET /devnet); set PAYMENT_MODE=live to take real payments',
    );
  }

  onApplicationShutdown(): Promise<void> {
    return stopDevnetChains(this.chains);
  }
}

/**
 * PAYMENT_MODE=devnet: starts a local chain for each offered network, gives payments their RPCs and keys
 * (SETTLEMENT_NETWORKS), and serves GET /devnet (RPCs, tokens, a funded test payer, the sample media) and the
 * samples themselves. The composition root loads it only in devnet mode and only in processes that take payments.
 */
@Module({
  controllers: [DevnetController],
  providers: [
    {
      provide: DEVNET_CHAINS,
      inject: [PAYMENTS_CONFIG, DEVNET_CONFIG],
      useFactory: (config: PaymentsConfig, devnet: DevnetConfig) => startDevnetChains(config, devnet),
    },
    { provide: SETTLEMENT_NETWORKS, inject: [DEVNET_CHAINS], useFactory: devnetSettlementNetworks },
    DevnetLifecycle,
  ],
  exports: [DEVNET_CHAINS, SETTLEMENT_NETWORKS],
})
export class DevnetModule {}
