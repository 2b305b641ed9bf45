import fs from 'node:fs';
import path from 'node:path';
import { Controller, Get, Inject, Param, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { privateKeyToAccount } from 'viem/accounts';
import { ENGINES_CONFIG, type EnginesConfig } from '../engines/engines.config.js';
import { ApiError } from '../http/api-error.js';
import { baseUrl } from '../http/base-url.js';
import { HTTP_CONFIG, type HttpConfig } from '../http/http.config.js';
import { PAYMENTS_CONFIG, type PaymentsConfig } from '../payments/payments.config.js';
import { DEVNET_SAMPLES } from '../sources/devnet-samples.js';
import { DEVNET_CONFIG, type DevnetConfig } from './devnet.config.js';
import { DEVNET_CHAINS } from './devnet.tokens.js';
import type { DevnetChains } from './devnet-chains.js';

/**
 * GET /devnet: how to pay the local chains (RPC, token, a funded test key) and the sample media to send; GET
 * /devnet/samples/<name>: a sample. Only in PAYMENT_MODE=devnet. Chains bound to every address (DEVNET_HOST=0.0.0.0,
 * in a container) are named at the host the client reached this service at, so their URLs work from there.
 */
@Controller('devnet')
export class DevnetController {
  constructor(
    @Inject(DEVNET_CHAINS) private readonly devnet: DevnetChains,
    @Inject(PAYMENTS_CONFIG) private readonly config: PaymentsConfig,
    @Inject(DEVNET_CONFIG) private readonly binding: DevnetConfig,
    @Inject(ENGINES_CONFIG) private readonly engines: EnginesConfig,
    @Inject(HTTP_CONFIG) private readonly http: HttpConfig,
  ) {}

  @Get()
  info(@Req() req: FastifyRequest) {
    const base = baseUrl(req, this.http.publicBaseUrl);
    const rpc = (url: string) => this.reachable(url, base);
    return {
      mode: 'devnet',
      warning: 'local test chains: these keys and tokens are worthless and public',
      samples: Object.fromEntries(Object.keys(DEVNET_SAMPLES).map((name) => [name.replace(/\..*$/, ''), `${base}/devnet/samples/${name}`])),
      ...this.chains(rpc),
    };
  }

  @Get('samples/:name')
  sample(@Param('name') name: string, @Res() reply: FastifyReply) {
    const type = Object.hasOwn(DEVNET_SAMPLES, name) ? DEVNET_SAMPLES[name] : null;
    if (!type) throw new ApiError(404, `no sample '${name}' (samples: ${Object.keys(DEVNET_SAMPLES).join(', ')})`);
    const file = path.join(this.engines.media.samplesDir, name);
    return reply
      .type(type)
      .header('content-length', String(fs.statSync(file).size))
      .send(fs.createReadStream(file));
  }

  private chains(rpc: (url: string) => string) {
    const { base, solana, tempo } = this.devnet;
    const mpp = this.config.mpp.enabled ? this.config.mpp : null;
    return {
      base: base && {
        network: 'base',
        chain_id: base.chainId,
        rpc_url: rpc(base.rpcUrl),
        usdc: base.usdc,
        pay_to: this.config.payToBase,
        test_payer: { address: privateKeyToAccount(base.payerKey).address, private_key: base.payerKey },
      },
      solana: solana && {
        network: 'solana',
        rpc_url: rpc(solana.rpcUrl),
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
          rpc_url: rpc(tempo.rpcUrl),
          currency: tempo.currency,
          pay_to: mpp.payTo,
          test_payer: { address: privateKeyToAccount(tempo.payerKey).address, private_key: tempo.payerKey },
        },
    };
  }

  /** A chain's URL as the client can reach it: on a wildcard binding, at the host it reached this service at. */
  private reachable(rpcUrl: string, base: string): string {
    if (this.binding.host !== '0.0.0.0' && this.binding.host !== '::') return rpcUrl;
    const url = new URL(rpcUrl);
    url.hostname = new URL(base).hostname;
    return url.toString().replace(/\/$/, '');
  }
}
