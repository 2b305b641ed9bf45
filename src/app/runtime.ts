import type { Logger } from 'pino';
import type { Config } from '../config/config.js';
import type { Redis } from 'ioredis';
import { RedisConnections } from '../redis/redis-connections.js';
import { sourceUrlOptions } from '../pipelines/source-url-keyword.js';
import { checkSources } from '../net/source-check.js';
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
import type { Pipeline } from '../pipelines/pipeline.types.js';
import { type AffiliateLedger, MemoryAffiliateLedger, RedisAffiliateLedger } from '../payments/affiliate-ledger.js';
import { type ClaimStore, MemoryClaimStore, RedisClaimStore } from '../payments/claim-store.js';
import { startEvmDevnet, type EvmDevnet } from '../payments/devnet/evm-devnet.js';
import { TEMPO_MAINNET_CHAIN_ID, TEMPO_MAINNET_RPC_URL, USDC_BASE, USDC_EIP712, USDC_SOLANA, USDC_TEMPO } from '../payments/networks.js';
import type { Paywall, PrecheckRefusal } from '../payments/paywall.js';
import { authenticateEvm, basePublicClient, createEvmRail, evmClaimKey, evmReconciler } from '../payments/x402/evm-rail.js';
import { createFacilitatorRail } from '../payments/x402/facilitator-rail.js';
import type { X402Rail } from '../payments/x402/rail.js';
import { MemoryNonceSequencer, RedisNonceSequencer } from '../payments/x402/nonce-sequencer.js';
import { createSvmRail } from '../payments/x402/svm-rail.js';
import { startSvmDevnet, type SvmDevnet } from '../payments/devnet/svm-devnet.js';
import { X402Paywall } from '../payments/x402-paywall.js';
import { CombinedPaywall } from '../payments/combined-paywall.js';
import { startTempoDevnet, type TempoDevnet } from '../payments/devnet/tempo-devnet.js';
import { MppPaywall } from '../payments/mpp/mpp-paywall.js';
import { redisMppStore } from '../payments/mpp/redis-mpp-store.js';
import { type CreateJob, SettlementFlow } from '../payments/settlement-flow.js';
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
  /** Null in a process that takes no payments (ROLE=worker): see paywallOf. */
  paywall: Paywall | null;
  /**
   * Checked per paid request after its payment is verified and before it is settled (e.g. the source is
   * reachable): a refusal answers its status and charges nothing. Null in a test that needs none.
   */
  precheck: ((pipeline: Pipeline, request: Record<string, unknown>) => Promise<PrecheckRefusal | null>) | null;
  ledger: AffiliateLedger;
  /** The local chains of PAYMENT_MODE=devnet; null in live mode and in ROLE=worker processes. */
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
  /** The store the worker writes progress to: patient where store is fail-fast (Redis). */
  let workerStore: JobStore;
  let queue: JobQueue;
  let claims: ClaimStore;
  let ledger: AffiliateLedger;
  let mppStore: MppStore.AtomicStore;
  let redis: RedisConnections | null = null;
  let paymentsRedis: Redis | null = null;
  if (config.redisUrl) {
    redis = new RedisConnections(config.redisUrl, logger, config.redisCommandTimeoutMs);
    const connections = redis;
    const fast = await connections.fast().catch((err) => {
      connections.close();
      throw err;
    });
    store = new RedisJobStore(fast, config.keyPrefix, retentionMs);
    workerStore = config.role === 'api' ? store : new RedisJobStore(connections.patient(), config.keyPrefix, retentionMs);
    claims = new RedisClaimStore(fast, config.keyPrefix);
    ledger = new RedisAffiliateLedger(fast, config.keyPrefix);
    mppStore = redisMppStore(fast, config.keyPrefix);
    paymentsRedis = fast;
    queue = new BullmqJobQueue({
      connection: fast,
      connectWorker: () => connections.patient(),
      queueName: config.queueName,
      prefix: `${config.keyPrefix}:bull`,
      concurrency: config.workerConcurrency,
      lockMs: config.workerLockMs,
      stalledIntervalMs: config.workerStalledIntervalMs,
      maxStalled: config.workerMaxStalled,
      retentionSeconds: config.jobRetentionSeconds,
    });
  } else {
    store = workerStore = new MemoryJobStore(retentionMs);
    claims = new MemoryClaimStore();
    ledger = new MemoryAffiliateLedger();
    mppStore = MppStore.memory();
    queue = new MemoryJobQueue(config.workerConcurrency);
  }

  const processor = new JobProcessor(pipelines, workerStore, config.workDir, logger, createStepServices(config));
  // Only processes that take payments (ROLE=api|all) build the paywall, and so start the devnet chains.
  const takesPayments = config.role !== 'worker';
  const devnet: Runtime['devnet'] = takesPayments && config.paymentMode === 'devnet' ? { base: null, solana: null, tempo: null } : null;
  const stopDevnet = async () => {
    await devnet?.base?.stop();
    await devnet?.solana?.stop();
    await devnet?.tempo?.stop();
  };
  const jobs = new JobService(store, queue);
  // The settlement service turns settled payments into jobs through this one port (also from its reconciler).
  const createJob: CreateJob = async ({ path, request, affiliateId, jobId, receipt }) => {
    const pipeline = pipelines.byPath(path);
    if (!pipeline) throw new Error(`no pipeline serves ${path}`);
    await jobs.ensure({ pipeline, request, receipt, affiliateId, jobId });
  };
  const reconcileAfterMs = config.settlementReconcileSeconds * 1000;
  const flow = new SettlementFlow(claims, ledger, reconcileAfterMs, createJob);
  let paywall: Paywall | null = null;
  try {
    if (takesPayments) {
      const rails = await createRails(config, devnet, paymentsRedis);
      const mpp = config.mpp.enabled ? await createMppPaywall(config, devnet, mppStore, flow) : null;
      paywall = new CombinedPaywall(new X402Paywall(config, rails, flow), mpp);
    }
  } catch (err) {
    await stopDevnet();
    await queue.close();
    redis?.close();
    throw err;
  }
  // Processes that take payments finish settlements left unfinished (a crash, a client gone) in the background.
  const payments = paywall;
  const stopReconciler = payments
    ? flow.startReconciler((intent) => payments.resume(intent), Math.min(Math.max(reconcileAfterMs / 2, 1000), 30_000), (err) => logger.warn({ err: err.message }, 'settlement reconciliation failed'))
    : () => undefined;
  return {
    config,
    logger,
    pipelines,
    store,
    queue,
    jobs,
    processor,
    paywall,
    // Before a verified payment settles, its sources must be reachable (a dead URL is refused, nothing charged).
    precheck: (pipeline, body) => checkSources(pipeline, body, { allowLoopback: config.media.allowLoopback, maxBytes: config.media.maxBytes }),
    ledger,
    devnet,
    healthy: () => Promise.race([queue.ping(), new Promise<boolean>((r) => setTimeout(() => r(false), HEALTH_TIMEOUT_MS).unref())]),
    async close() {
      stopReconciler();
      await queue.close();
      await store.close();
      redis?.close();
      await stopDevnet();
    },
  };
}

/** The x402 rails of the configured networks; in devnet mode Base is a local chain started here. */
async function createRails(config: Config, devnet: Runtime['devnet'], redis: Redis | null): Promise<X402Rail[]> {
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
        const nonces = (settler: string) => (redis ? new RedisNonceSequencer(redis, config.keyPrefix, settler) : new MemoryNonceSequencer());
        rails.push(createEvmRail({ rpcUrl, asset, payTo: config.payToBase, settlerKey: base?.settlerKey ?? config.evmSettlementKey!, nonces }));
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

/** /healthz answers within this even when Redis hangs. */
const HEALTH_TIMEOUT_MS = 1000;

/** The paywall of a process that takes payments; the HTTP app is only built in those (ROLE=api|all). */
export function paywallOf(rt: Runtime): Paywall {
  if (!rt.paywall) throw new Error(`ROLE=${rt.config.role} takes no payments: it has no paywall`);
  return rt.paywall;
}

/** Makes this process consume jobs (ROLE=all or worker). */
export async function startWorker(rt: Runtime): Promise<void> {
  await rt.queue.startWorker(
    (job, signal) => rt.processor.process(job, signal),
    (jobId, reason) => rt.processor.fail(jobId, `the job was abandoned after its workers stopped repeatedly (${reason})`),
  );
}
