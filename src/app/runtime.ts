import { Redis, type RedisOptions } from 'ioredis';
import type { Logger } from 'pino';
import type { Config } from '../config/config.js';
import { sourceUrlOptions } from '../pipelines/source-url-keyword.js';
import { BullmqJobQueue } from '../jobs/bullmq-job-queue.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { JobProcessor } from '../jobs/job-processor.js';
import type { JobStore } from '../jobs/job-store.js';
import { JobService } from '../jobs/job.service.js';
import { MemoryJobQueue } from '../jobs/memory-job-queue.js';
import { MemoryJobStore } from '../jobs/memory-job-store.js';
import { RedisJobStore } from '../jobs/redis-job-store.js';
import { loadPipelines } from '../pipelines/pipeline.loader.js';
import { PipelineRegistry } from '../pipelines/pipeline.registry.js';
import { type AffiliateLedger, MemoryAffiliateLedger, RedisAffiliateLedger } from '../payments/affiliate-ledger.js';
import { type ClaimStore, MemoryClaimStore, RedisClaimStore } from '../payments/claim-store.js';
import { startEvmDevnet, type EvmDevnet } from '../payments/devnet/evm-devnet.js';
import { TEMPO_MAINNET_CHAIN_ID, TEMPO_MAINNET_RPC_URL, USDC_BASE, USDC_EIP712, USDC_SOLANA, USDC_TEMPO } from '../payments/networks.js';
import type { Paywall } from '../payments/paywall.js';
import { basePublicClient, createEvmRail, evmClaimKey, evmReconciler } from '../payments/x402/evm-rail.js';
import { createFacilitatorRail } from '../payments/x402/facilitator-rail.js';
import type { X402Rail } from '../payments/x402/rail.js';
import { createSvmRail } from '../payments/x402/svm-rail.js';
import { startSvmDevnet, type SvmDevnet } from '../payments/devnet/svm-devnet.js';
import { X402Paywall } from '../payments/x402-paywall.js';
import { CombinedPaywall } from '../payments/combined-paywall.js';
import { startTempoDevnet, type TempoDevnet } from '../payments/devnet/tempo-devnet.js';
import { MppPaywall } from '../payments/mpp/mpp-paywall.js';
import { redisMppStore } from '../payments/mpp/redis-mpp-store.js';
import { SettlementFlow } from '../payments/settlement-flow.js';
import { Store as MppStore } from 'mppx';
import { createStepRegistry } from '../steps/registry.js';
import { createStepServices } from '../steps/create-services.js';

/**
 * The composition root: every side effect (Redis, queue, disk, payments) is built here from config,
 * behind its interface, and closed here. The HTTP app and the worker both take a Runtime.
 */
export interface Runtime {
  config: Config;
  logger: Logger;
  pipelines: PipelineRegistry;
  store: JobStore;
  queue: JobQueue;
  jobs: JobService;
  processor: JobProcessor;
  paywall: Paywall;
  ledger: AffiliateLedger;
  /** The local chains of PAYMENT_MODE=devnet; null in live mode. */
  devnet: { base: EvmDevnet | null; solana: SvmDevnet | null; tempo: TempoDevnet | null } | null;
  /** Whether Redis (when used) answers. */
  healthy(): Promise<boolean>;
  close(): Promise<void>;
}

export async function createRuntime(config: Config, logger: Logger): Promise<Runtime> {
  const registry = createStepRegistry();
  const pipelines = new PipelineRegistry(loadPipelines({ pipelinesDir: config.pipelinesDir, schemasDir: config.schemasDir, registry, sourceUrls: sourceUrlOptions(config) }));
  const retentionMs = config.jobRetentionSeconds * 1000;

  let store: JobStore;
  let queue: JobQueue;
  let claims: ClaimStore;
  let ledger: AffiliateLedger;
  let mppStore: MppStore.AtomicStore;
  const connections: Redis[] = [];
  if (config.redisUrl) {
    const connect = (overrides: RedisOptions = {}): Redis => {
      // BullMQ needs maxRetriesPerRequest: null on its blocking connections.
      const c = new Redis(config.redisUrl!, { maxRetriesPerRequest: null, ...overrides });
      // BullMQ duplicates connections (for blocking reads): make those ours too, so close() ends every socket.
      c.duplicate = ((o?: RedisOptions) => connect(o ?? {})) as Redis['duplicate'];
      c.on('error', (err) => logger.warn({ err: err.message }, 'redis connection error'));
      connections.push(c);
      return c;
    };
    const redis = connect({ lazyConnect: false });
    await pingWithin(redis, REDIS_STARTUP_TIMEOUT_MS).catch((err) => {
      for (const c of connections) c.disconnect();
      throw new Error(`REDIS_URL=${config.redisUrl}: Redis does not answer (${err.message})`);
    });
    store = new RedisJobStore(redis, config.keyPrefix, retentionMs);
    claims = new RedisClaimStore(redis, config.keyPrefix);
    ledger = new RedisAffiliateLedger(redis, config.keyPrefix);
    mppStore = redisMppStore(redis, config.keyPrefix);
    queue = new BullmqJobQueue({
      connect,
      queueName: config.queueName,
      prefix: `${config.keyPrefix}:bull`,
      concurrency: config.workerConcurrency,
      lockMs: config.workerLockMs,
      stalledIntervalMs: config.workerStalledIntervalMs,
      maxStalled: config.workerMaxStalled,
      retentionSeconds: config.jobRetentionSeconds,
    });
  } else {
    store = new MemoryJobStore(retentionMs);
    claims = new MemoryClaimStore();
    ledger = new MemoryAffiliateLedger();
    mppStore = MppStore.memory();
    queue = new MemoryJobQueue(config.workerConcurrency);
  }

  const processor = new JobProcessor(pipelines, store, config.workDir, logger, createStepServices(config));
  const devnet: Runtime['devnet'] = config.paymentMode === 'devnet' ? { base: null, solana: null, tempo: null } : null;
  const stopDevnet = async () => {
    await devnet?.base?.stop();
    await devnet?.solana?.stop();
    await devnet?.tempo?.stop();
  };
  const flow = new SettlementFlow(claims, ledger, config.settlementReconcileSeconds * 1000);
  let paywall: Paywall;
  try {
    const rails = await createRails(config, devnet);
    const mpp = config.mpp.enabled ? await createMppPaywall(config, devnet, mppStore, flow) : null;
    paywall = new CombinedPaywall(new X402Paywall(config, rails, flow), mpp);
  } catch (err) {
    await stopDevnet();
    await queue.close();
    for (const c of connections) c.disconnect();
    throw err;
  }
  return {
    config,
    logger,
    pipelines,
    store,
    queue,
    jobs: new JobService(store, queue),
    processor,
    paywall,
    ledger,
    devnet,
    healthy: () => Promise.race([queue.ping(), new Promise<boolean>((r) => setTimeout(() => r(false), HEALTH_TIMEOUT_MS).unref())]),
    async close() {
      await queue.close();
      await store.close();
      for (const c of connections) c.disconnect();
      await stopDevnet();
    },
  };
}

/** The x402 rails of the configured networks; in devnet mode Base is a local chain started here. */
async function createRails(config: Config, devnet: Runtime['devnet']): Promise<X402Rail[]> {
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
          }),
        );
      } else {
        rails.push(createEvmRail({ rpcUrl, asset, payTo: config.payToBase, settlerKey: base?.settlerKey ?? config.evmSettlementKey! }));
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
async function createMppPaywall(config: Config, devnet: Runtime['devnet'], store: MppStore.AtomicStore, flow: SettlementFlow): Promise<MppPaywall> {
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

const REDIS_STARTUP_TIMEOUT_MS = 5000;
/** /healthz answers within this even when Redis hangs (its connections retry forever). */
const HEALTH_TIMEOUT_MS = 1000;

/** A PING that gives up: connections made for BullMQ retry forever, start-up must not. */
function pingWithin(redis: Redis, ms: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms / 1000} s`)), ms);
    redis.ping().then(
      () => (clearTimeout(timer), resolve()),
      (err) => (clearTimeout(timer), reject(err)),
    );
  });
}

/** Makes this process consume jobs (ROLE=all or worker). */
export async function startWorker(rt: Runtime): Promise<void> {
  await rt.queue.startWorker(
    (job) => rt.processor.process(job),
    (jobId, reason) => rt.processor.fail(jobId, `the job was abandoned after its workers stopped repeatedly (${reason})`),
  );
}
