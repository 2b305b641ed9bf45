import { Controller, Get, Inject } from '@nestjs/common';
import { privateKeyToAccount } from 'viem/accounts';
import { paywallOf, type Runtime } from '../app/runtime.js';
import { RUNTIME } from '../app/tokens.js';
import { ApiError } from './api-error.js';

/** GET /devnet: how to pay the local chains (RPC, token, a funded test key). Only in PAYMENT_MODE=devnet. */
@Controller('devnet')
export class DevnetController {
  constructor(@Inject(RUNTIME) private readonly rt: Runtime) {}

  @Get()
  info() {
    if (!this.rt.devnet) throw new ApiError(404, 'no devnet: this server takes real payments (PAYMENT_MODE=live)');
    const { base, solana, tempo } = this.rt.devnet;
    const mpp = paywallOf(this.rt).mppOffer();
    return {
      mode: 'devnet',
      warning: 'local test chains: these keys and tokens are worthless and public',
      base: base && {
        network: 'base',
        chain_id: base.chainId,
        rpc_url: base.rpcUrl,
        usdc: base.usdc,
        pay_to: this.rt.config.payToBase,
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
          pay_to: mpp.recipient,
          test_payer: { address: privateKeyToAccount(tempo.payerKey).address, private_key: tempo.payerKey },
        },
    };
  }
}
