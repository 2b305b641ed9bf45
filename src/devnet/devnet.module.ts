import { Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import { PAYMENTS_CONFIG, type PaymentsConfig } from '../payments/payments.config.js';
import { SETTLEMENT_NETWORKS } from '../payments/payments.tokens.js';
import { DevnetController } from './devnet.controller.js';
import { DEVNET_CHAINS } from './devnet.tokens.js';
import { type DevnetChains, devnetSettlementNetworks, startDevnetChains, stopDevnetChains } from './devnet-chains.js';

/** Stops the local chains last, once the HTTP server has drained and the settlements under way have ended. */
@Injectable()
class DevnetShutdown implements OnApplicationShutdown {
  constructor(@Inject(DEVNET_CHAINS) private readonly chains: DevnetChains) {}

  onApplicationShutdown(): Promise<void> {
    return stopDevnetChains(this.chains);
  }
}

/**
 * PAYMENT_MODE=devnet: starts a local chain for each offered network, gives payments their RPCs and keys
 * (SETTLEMENT_NETWORKS), and serves GET /devnet (RPCs, tokens, a funded test payer). The composition root
 * loads it only in devnet mode and only in processes that take payments.
 */
@Module({
  controllers: [DevnetController],
  providers: [
    { provide: DEVNET_CHAINS, inject: [PAYMENTS_CONFIG], useFactory: (config: PaymentsConfig) => startDevnetChains(config) },
    { provide: SETTLEMENT_NETWORKS, inject: [DEVNET_CHAINS], useFactory: devnetSettlementNetworks },
    DevnetShutdown,
  ],
  exports: [DEVNET_CHAINS, SETTLEMENT_NETWORKS],
})
export class DevnetModule {}
