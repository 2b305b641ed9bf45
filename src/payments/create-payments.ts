import { Store as MppStore } from 'mppx';
import type { Logger } from 'pino';
import { USDC_EIP712 } from '../chains/networks.js';
import type { RedisClient } from '../redis/redis-client.js';
import { ReplicaAcks } from '../redis/replica-acks.js';
import { type AffiliateLedger, MemoryAffiliateLedger, RedisAffiliateLedger } from './affiliate-ledger.js';
import { MemoryClaimStore, RedisClaimStore } from './claim-store.js';
import type { Fulfilment } from './fulfilment.js';
import { jobIdDeriver, loadJobIdSecret } from './job-id.js';
import { MppProtocol } from './mpp/mpp-protocol.js';
import { redisMppStore } from './mpp/redis-mpp-store.js';
import type { PaymentProtocol } from './payment-protocol.js';
import type { PaymentsConfig } from './payments.config.js';
import type { Paywall } from './paywall.js';
import { ProtocolsPaywall } from './protocols-paywall.js';
import { SettlementFlow } from './settlement-flow.js';
import type { SettlementNetworks } from './settlement-networks.js';
import { sweepTiming } from './sweep-timing.js';
import { authenticateEvm, basePublicClient, createEvmRail, evmClaimKey, evmReconciler } from './x402/evm-rail.js';
import { createFacilitatorRail } from './x402/facilitator-rail.js';
import { MemoryNonceSequencer, RedisNonceSequencer } from './x402/nonce-sequencer.js';
import type { X402Rail } from './x402/rail.js';
import { createSvmRail } from './x402/svm-rail.js';
import { X402Method } from './x402/x402-method.js';
import { X402Protocol } from './x402/x402-protocol.js';

/** Everything a process that takes payments needs from payments/. */
export interface Payments {
  paywall: Paywall;
  ledger: AffiliateLedger;
  /** Stops the reconciler. */
  close(): void;
}

/** What payments read: their own section, the Redis key prefix of their stores, and WORK_DIR (the job-id secret without Redis). */
export type PaymentsSettings = PaymentsConfig & { keyPrefix: string; workDir: string; replicaAckTimeoutMs: number };

export interface PaymentsDeps {
  config: PaymentsSettings;
  logger: Logger;
  /** The fail-fast Redis connection (claims, ledger, nonces, MPP replays), or null for the in-memory stores. */
  redis: RedisClient | null;
  /** A fail-fast connection of the claims' own, for new claims and the replica's acknowledgement of them. */
  claimsRedis: RedisClient | null;
  /** What settled payments become (orders/): checked before settlement, fulfilled once (also from the reconciler). */
  fulfilment: Fulfilment;
  /** Where each offered network settles (live, or the devnet's local chains). */
  networks: SettlementNetworks;
}

/**
 * The payments of one API process, built from config: memory or Redis stores, the payment protocols offered
 * (x402 on the configured networks, MPP on Tempo) settling where `networks` says, the settlement service, the
 * paywall the paid orders go through, and the background reconciler.
 */
export async function createPayments({ config, logger, redis, claimsRedis, fulfilment, networks }: PaymentsDeps): Promise<Payments> {
  const ledger = redis ? new RedisAffiliateLedger(redis, config.keyPrefix) : new MemoryAffiliateLedger();
  const { afterMs: reconcileAfterMs, everyMs } = sweepTiming(config.settlementReconcileSeconds);
  const flow = new SettlementFlow({
    claims: redis ? redisClaims(redis, claimsRedis, config) : new MemoryClaimStore(),
    ledger,
    reconcileAfterMs,
    fulfilment,
    jobIdOf: jobIdDeriver(await loadJobIdSecret(config.jobIdSecret, redis, config.keyPrefix, config.workDir)),
  });
  const rails = await createRails(config, networks, redis);
  const protocols: PaymentProtocol[] = rails.length
    ? [new X402Protocol(rails.map((rail) => new X402Method(rail, config.paymentTimeoutSeconds)))]
    : [];
  if (networks.tempo) protocols.push(createMppProtocol(config, networks.tempo, redis));
  const paywall = new ProtocolsPaywall(protocols, flow);
  // Settlements left unfinished (a crash, a client gone) are finished in the background.
  const stopReconciler = flow.startReconciler(
    (intent) => paywall.resume(intent),
    everyMs,
    (err) => logger.warn({ err: err.message }, 'settlement reconciliation failed'),
  );
  return { paywall, ledger, close: stopReconciler };
}

/** The x402 rails of the configured networks. */
async function createRails(config: PaymentsSettings, networks: SettlementNetworks, redis: RedisClient | null): Promise<X402Rail[]> {
  const rails: X402Rail[] = [];
  for (const network of config.x402Networks) {
    if (network === 'base') rails.push(createBaseRail(config, networks.base!, redis));
    else {
      // The server co-signs Solana transfers and pays their fees (it names its fee payer in `extra`).
      const { rpcUrl, mint, feePayerSecret } = networks.solana!;
      rails.push(await createSvmRail({ rpcUrl: config.solanaRpcUrl ?? rpcUrl, asset: mint, payTo: config.payToSolana, feePayerSecret }));
    }
  }
  return rails;
}

/** x402 on Base: settled here with our settling key, or through a remote facilitator (FACILITATOR_URL). */
function createBaseRail(config: PaymentsSettings, network: NonNullable<SettlementNetworks['base']>, redis: RedisClient | null): X402Rail {
  // BASE_RPC_URL, when set in devnet mode, is the RPC settlements go through (e.g. a proxy in front of the devnet).
  const rpcUrl = config.baseRpcUrl ?? network.rpcUrl;
  const asset = network.usdc;
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
  return createEvmRail({ rpcUrl, asset, payTo: config.payToBase, settlerKey: network.settlerKey!, nonces });
}

/** MPP on Tempo. */
function createMppProtocol(
  config: PaymentsSettings,
  network: NonNullable<SettlementNetworks['tempo']>,
  redis: RedisClient | null,
): MppProtocol {
  return new MppProtocol({
    secretKey: config.mpp.secretKey,
    realm: config.mpp.realm,
    chainId: network.chainId,
    rpcUrl: config.mpp.rpcUrl ?? network.rpcUrl,
    currency: network.currency,
    recipient: config.mpp.payTo,
    // mppx's replay store (used transaction hashes), shared by every API process through Redis.
    store: redis ? redisMppStore(redis, config.keyPrefix) : MppStore.memory(),
  });
}

function redisClaims(redis: RedisClient, claimsRedis: RedisClient | null, config: PaymentsSettings): RedisClaimStore {
  const durable = claimsRedis ? { redis: claimsRedis, acks: new ReplicaAcks(claimsRedis, config.replicaAckTimeoutMs) } : null;
  return new RedisClaimStore(redis, config.keyPrefix, durable);
}
