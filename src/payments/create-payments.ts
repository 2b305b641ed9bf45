import type { Redis } from 'ioredis';
import { Store as MppStore } from 'mppx';
import type { Logger } from 'pino';
import type { Config } from '../config/config.js';
import { type DevnetChains, stopDevnetChains } from '../devnet/devnet-chains.js';
import { startEvmDevnet } from '../devnet/evm-devnet.js';
import { startSvmDevnet } from '../devnet/svm-devnet.js';
import { startTempoDevnet } from '../devnet/tempo-devnet.js';
import { type AffiliateLedger, MemoryAffiliateLedger, RedisAffiliateLedger } from './affiliate-ledger.js';
import { MemoryClaimStore, RedisClaimStore } from './claim-store.js';
import { jobIdDeriver, loadJobIdSecret } from './job-id.js';
import { MppMethod } from './mpp/mpp-method.js';
import { redisMppStore } from './mpp/redis-mpp-store.js';
import { TEMPO_MAINNET_CHAIN_ID, TEMPO_MAINNET_RPC_URL, USDC_BASE, USDC_EIP712, USDC_SOLANA, USDC_TEMPO } from './networks.js';
import { PaymentDispatcher } from './payment-dispatcher.js';
import type { PaymentMethod } from './payment-method.js';
import type { Paywall } from './paywall.js';
import type { CreateJob } from './settlement.types.js';
import { SettlementFlow } from './settlement-flow.js';
import { sweepTiming } from './sweep-timing.js';
import { authenticateEvm, basePublicClient, createEvmRail, evmClaimKey, evmReconciler } from './x402/evm-rail.js';
import { createFacilitatorRail } from './x402/facilitator-rail.js';
import { MemoryNonceSequencer, RedisNonceSequencer } from './x402/nonce-sequencer.js';
import type { X402Rail } from './x402/rail.js';
import { createSvmRail } from './x402/svm-rail.js';
import { X402Method } from './x402/x402-method.js';

/** Everything a process that takes payments needs from payments/. */
export interface Payments {
  paywall: Paywall;
  ledger: AffiliateLedger;
  /** Null in live mode. */
  devnet: DevnetChains | null;
  /** Stops the reconciler and the devnet chains. */
  close(): Promise<void>;
}

export interface PaymentsDeps {
  config: Config;
  logger: Logger;
  /** The fail-fast Redis connection (claims, ledger, nonces, MPP replays), or null for the in-memory stores. */
  redis: Redis | null;
  /** Creates and enqueues a settled payment's job once (also from the reconciler). */
  createJob: CreateJob;
}

/**
 * The payments of one API process, built from config: memory or Redis stores, the devnet chains in
 * devnet mode, one payment method per configured network (x402 on Base and Solana, MPP on Tempo),
 * the settlement service, the paywall the HTTP layer calls, and the background reconciler.
 */
export async function createPayments({ config, logger, redis, createJob }: PaymentsDeps): Promise<Payments> {
  const devnet: DevnetChains | null = config.paymentMode === 'devnet' ? { base: null, solana: null, tempo: null } : null;
  const stopDevnet = () => stopDevnetChains(devnet);
  const ledger = redis ? new RedisAffiliateLedger(redis, config.keyPrefix) : new MemoryAffiliateLedger();
  const { afterMs: reconcileAfterMs, everyMs } = sweepTiming(config.settlementReconcileSeconds);
  let dispatcher: PaymentDispatcher;
  let flow: SettlementFlow;
  try {
    flow = new SettlementFlow({
      claims: redis ? new RedisClaimStore(redis, config.keyPrefix) : new MemoryClaimStore(),
      ledger,
      reconcileAfterMs,
      createJob,
      jobIdOf: jobIdDeriver(await loadJobIdSecret(config.jobIdSecret, redis, config.keyPrefix)),
    });
    const methods: PaymentMethod<any>[] = (await createRails(config, devnet, redis)).map(
      (rail) => new X402Method(rail, config.paymentTimeoutSeconds),
    );
    if (config.mpp.enabled) methods.push(await createMppMethod(config, devnet, redis));
    dispatcher = new PaymentDispatcher(methods, flow);
  } catch (err) {
    await stopDevnet();
    throw err;
  }
  // Settlements left unfinished (a crash, a client gone) are finished in the background.
  const stopReconciler = flow.startReconciler(
    (intent) => dispatcher.resume(intent),
    everyMs,
    (err) => logger.warn({ err: err.message }, 'settlement reconciliation failed'),
  );
  return {
    paywall: dispatcher,
    ledger,
    devnet,
    async close() {
      stopReconciler();
      await stopDevnet();
    },
  };
}

/** The x402 rails of the configured networks; in devnet mode each chain is a local one started here. */
async function createRails(config: Config, devnet: DevnetChains | null, redis: Redis | null): Promise<X402Rail[]> {
  const rails: X402Rail[] = [];
  for (const network of config.x402Networks) {
    if (network === 'base') rails.push(await createBaseRail(config, devnet, redis));
    else {
      // The server co-signs Solana transfers and pays their fees (it names its fee payer in `extra`).
      const local = devnet ? (devnet.solana = await startSvmDevnet(config.payToSolana)) : null;
      rails.push(
        await createSvmRail({
          rpcUrl: config.solanaRpcUrl ?? local!.rpcUrl,
          asset: local?.mint ?? USDC_SOLANA,
          payTo: config.payToSolana,
          feePayerSecret: local?.feePayerSecret ?? config.solanaFeePayerKey!,
        }),
      );
    }
  }
  return rails;
}

/** x402 on Base: settled here with our settling key, or through a remote facilitator (FACILITATOR_URL). */
async function createBaseRail(config: Config, devnet: DevnetChains | null, redis: Redis | null): Promise<X402Rail> {
  const local = devnet ? (devnet.base = await startEvmDevnet()) : null;
  // BASE_RPC_URL, when set in devnet mode, is the RPC settlements go through (e.g. a proxy in front of the devnet).
  const rpcUrl = config.baseRpcUrl ?? local!.rpcUrl;
  const asset = local?.usdc ?? USDC_BASE;
  if (config.facilitatorUrl) {
    const client = basePublicClient(rpcUrl);
    return createFacilitatorRail({
      network: 'base',
      asset,
      payTo: config.payToBase,
      extra: { ...USDC_EIP712 },
      url: config.facilitatorUrl,
      claimKey: evmClaimKey,
      reconcile: evmReconciler(client, asset),
      authenticate: (payment, requirements) => authenticateEvm(client, payment, requirements),
    });
  }
  // One nonce sequence per settling account, shared through Redis by every API process.
  const nonces = (settler: string) => (redis ? new RedisNonceSequencer(redis, config.keyPrefix, settler) : new MemoryNonceSequencer());
  return createEvmRail({ rpcUrl, asset, payTo: config.payToBase, settlerKey: local?.settlerKey ?? config.evmSettlementKey!, nonces });
}

/** MPP on Tempo; in devnet mode against a local Tempo node started here. */
async function createMppMethod(config: Config, devnet: DevnetChains | null, redis: Redis | null): Promise<MppMethod> {
  const node = devnet ? (devnet.tempo = await startTempoDevnet()) : null;
  return new MppMethod({
    secretKey: config.mpp.secretKey,
    realm: config.mpp.realm,
    chainId: node?.chainId ?? TEMPO_MAINNET_CHAIN_ID,
    rpcUrl: config.mpp.rpcUrl ?? node?.rpcUrl ?? TEMPO_MAINNET_RPC_URL,
    currency: node?.currency ?? USDC_TEMPO,
    recipient: config.mpp.payTo,
    // mppx's replay store (used transaction hashes), shared by every API process through Redis.
    store: redis ? redisMppStore(redis, config.keyPrefix) : MppStore.memory(),
  });
}
