import { Controller, Get, Inject } from '@nestjs/common';
import { privateKeyToAccount } from 'viem/accounts';
import { PAYMENTS_CONFIG, type PaymentsConfig } from '../payments/payments.config.js';
import { DEVNET_CHAINS } from './devnet.tokens.js';
import type { DevnetChains } from './devnet-chains.js';

/** GET /devnet: how to pay the local chains (RPC, token, a funded test key). Only in PAYMENT_MODE=devnet. */
@Controller('devnet')
export class DevnetController {
  constructor(
    @Inject(DEVNET_CHAINS) private readonly devnet: DevnetChains,
    @Inject(PAYMENTS_CONFIG) private readonly config: PaymentsConfig,
  ) {}

  @Get()
  info() {
    const { base, solana, tempo } = this.devnet;
    const mpp = this.config.mpp.enabled ? this.config.mpp : null;
    return {
      mode: 'devnet',
      warning: 'local test chains: these keys and tokens are worthless and public',
      base: base && {
        network: 'base',
        chain_id: base.chainId,
        rpc_url: base.rpcUrl,
        usdc: base.usdc,
        pay_to: this.config.payToBase,
        test_payer: { address: privateKeyToAccount(base.payerKey).address, private_key: base.payerKey },
      },
      solana: solana && {
        network: 'solana',
        rpc_url: solana.rpcUrl,
        usdc_mint: solana.mint,
        fee_payer: solana.feePayer,
        pay_to: solana.payTo,
        test_payer: { address: solana.payer, secret_key: solana.payerSecret },
      },
      tempo: tempo &&
        mpp && {
          network: 'tempo',
          protocol: 'mpp',
          chain_id: tempo.chainId,
          rpc_url: tempo.rpcUrl,
          currency: tempo.currency,
          pay_to: mpp.payTo,
          test_payer: { address: privateKeyToAccount(tempo.payerKey).address, private_key: tempo.payerKey },
        },
    };
  }
}
