import { Module } from '@nestjs/common';
import type { Payments } from '../payments/create-payments.js';
import { PaymentsModule } from '../payments/payments.module.js';
import { PAYMENTS } from '../payments/payments.tokens.js';
import { DevnetController } from './devnet.controller.js';
import { DEVNET_CHAINS } from './devnet.tokens.js';

/**
 * The local chains' front door (GET /devnet: RPCs, tokens, a funded test payer). Loaded only when
 * PAYMENT_MODE=devnet and the process takes payments; the chains themselves are started with the paywall
 * (createPayments) and stopped with it.
 */
@Module({
  imports: [PaymentsModule],
  controllers: [DevnetController],
  providers: [
    {
      provide: DEVNET_CHAINS,
      inject: [PAYMENTS],
      useFactory: (payments: Payments) => {
        if (!payments.devnet) throw new Error('the devnet module needs PAYMENT_MODE=devnet');
        return payments.devnet;
      },
    },
  ],
  exports: [DEVNET_CHAINS],
})
export class DevnetModule {}
