import type { Redis } from 'ioredis';
import { Store as MppStore } from 'mppx';
import type { Logger } from 'pino';
import type { Config } from '../config/config.js';
import { type DevnetChains, stopDevnetChains } from '../devnet/devnet-chains.js';
import { startEvmDevnet, type EvmDevnet } from '../devnet/evm-devnet.js';
import { startSvmDevnet } from '../devnet/svm-devnet.js';
import { startTempoDevnet } from '../devnet/tempo-devnet.js';
import { type AffiliateLedger, MemoryAffiliateLedger, RedisAffiliateLedger } from './affiliate-ledger.js';
import { type ClaimStore, MemoryClaimStore, RedisClaimStore } from './claim-store.js';
import { CombinedPaywall } from './combined-paywall.js';
import { MppPaywall } from './mpp/mpp-paywall.js';
import { redisMppStore } from './mpp/redis-mpp-store.js';
import { TEMPO_MAINNET_CHAIN_ID, TEMPO_MAINNET_RPC_URL, USDC_BASE, USDC_EIP712, USDC_SOLANA, USDC_TEMPO } from './networks.js';
import type { Paywall } from './paywall.js';
import { type CreateJob, SettlementFlow } from './settlement-flow.js';
import { authenticateEvm, basePublicClient, createEvmRail, evmClaimKey, evmReconciler } from './x402/evm-rail.js';
import { createFacilitatorRail } from './x402/facilitator-rail.js';
import { MemoryNonceSequencer, RedisNonceSequencer } from './x402/nonce-sequencer.js';
import type { X402Rail } from './x402/rail.js';
import { createSvmRail } from './x402/svm-rail.js';
import { X402Paywall } from './x402-paywall.js';

/** Everything a process that takes payments holds: the paywall, the affiliate ledger and, in devnet mode, the local chains. */
export interface Payments {
  paywall: Paywall;
  ledger: AffiliateLedger;
  /** The local chains of PAYMENT_MODE=devnet; null in live mode. */
  devnet: DevnetChains | null;
  close(): Promise<void>;
}

export interface PaymentsDeps {
  config: Config;
  logger: Logger;
  /** The fail-fast Redis connection, or null when everything is in memory. */
  redis: Redis | null;
  /** Turns a settled payment into a job (also from the reconciler). */
  createJob: CreateJob;
}

/** Builds the paywall (x402 rails, MPP), its durable stores and the reconciler; in devnet mode starts the local chains. */
export async function createPayments({ config, logger, redis, createJob }: PaymentsDeps): Promise<Payments> {
  const claims: ClaimStore = redis ? new RedisClaimStore(redis, config.keyPrefix) : new MemoryClaimStore();
  const ledger: AffiliateLedger = redis ? new RedisAffiliateLedger(redis, config.keyPrefix) : new MemoryAffiliateLedger();
  const mppStore: MppStore.AtomicStore = redis ? redisMppStore(redis, config.keyPrefix) : MppStore.memory();
  const devnet: DevnetChains | null = config.paymentMode === 'devnet' ? { base: null, solana: null, tempo: null } : null;
  const reconcileAfterMs = config.settlementReconcileSeconds * 1000;
  const flow = new SettlementFlow(claims, ledger, reconcileAfterMs, createJob);
  let paywall: Paywall;
  try {
    const rails = await createRails(config, devnet, redis);
    const mpp = config.mpp.enabled ? await createMppPaywall(config, devnet, mppStore, flow) : null;
    paywall = new CombinedPaywall(new X402Paywall(config, rails, flow), mpp);
  } catch (err) {
    await stopDevnetChains(devnet);
    throw err;
  }
  // Settlements left unfinished (a crash, a client gone) are finished in the background.
  const stopReconciler = flow.startReconciler(
    (intent) => paywall.resume(intent),
    Math.min(Math.max(reconcileAfterMs / 2, 1000), 30_000),
    (err) => logger.warn({ err: err.message }, 'settlement reconciliation failed'),
  );
  return {
    paywall,
    ledger,
    devnet,
    async close() {
      stopReconciler();
      await stopDevnetChains(devnet);
    },
  };
}

/** The x402 rails of the configured networks; in devnet mode Base is a local chain started here. */
async function createRails(config: Config, devnet: DevnetChains | null, redis: Redis | null): Promise<X402Rail[]> {
  const rails: X402Rail[] = [];
  let base: EvmDevnet | null = null;
  for (const network of config.x402Networks) {
    if (network === 'base') {
      if (devnet) base = devnet.base = await startEvmDevnet();
      // BASE_RPC_URL, when set in devnet mode, is the RPC settlements go through (e.g. a proxy in front of the devnet).
      const rpcUrl = config.baseRpcUrl ?? base!.rpcUrl;
      const asset = base?.usdc ?? USDC_BASE;
      if (config.facilitatorUrl) {
        rails.push(
          createFacilitatorRail({
            network: 'base',
            asset,
            payTo: config.payToBase,
            extra: { ...USDC_EIP712 },
            url: config.facilitatorUrl,
            claimKey: evmClaimKey,
            reconcile: evmReconciler(basePublicClient(rpcUrl), asset),
            authenticate: (payment, requirements) => authenticateEvm(basePublicClient(rpcUrl), payment, requirements),
          }),
        );
      } else {
        // One nonce sequence per settling account, shared through Redis by every API process.
        const nonces = (settler: string) =>
          redis ? new RedisNonceSequencer(redis, config.keyPrefix, settler) : new MemoryNonceSequencer();
        rails.push(
          createEvmRail({ rpcUrl, asset, payTo: config.payToBase, settlerKey: base?.settlerKey ?? config.evmSettlementKey!, nonces }),
        );
      }
    } else {
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

/** MPP on Tempo; in devnet mode against a local Tempo node started here. */
async function createMppPaywall(
  config: Config,
  devnet: DevnetChains | null,
  store: MppStore.AtomicStore,
  flow: SettlementFlow,
): Promise<MppPaywall> {
  const node = devnet ? (devnet.tempo = await startTempoDevnet()) : null;
  return new MppPaywall(
    {
      secretKey: config.mpp.secretKey,
      realm: config.mpp.realm,
      chainId: node?.chainId ?? TEMPO_MAINNET_CHAIN_ID,
      rpcUrl: config.mpp.rpcUrl ?? node?.rpcUrl ?? TEMPO_MAINNET_RPC_URL,
      currency: node?.currency ?? USDC_TEMPO,
      recipient: config.mpp.payTo,
      store,
    },
    flow,
  );
}
