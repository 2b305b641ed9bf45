import type { PaymentsConfig } from '../payments/payments.config.js';
import type { SettlementNetworks } from '../payments/settlement-networks.js';
import type { DevnetConfig } from './devnet.config.js';
import { type EvmDevnet, startEvmDevnet } from './evm-devnet.js';
import { type SvmDevnet, startSvmDevnet } from './svm-devnet.js';
import { startTempoDevnet, type TempoDevnet } from './tempo-devnet.js';

/** The local chains of PAYMENT_MODE=devnet, each null when its network is not offered. */
export interface DevnetChains {
  base: EvmDevnet | null;
  solana: SvmDevnet | null;
  tempo: TempoDevnet | null;
}

/**
 * Starts a local chain for each offered network (x402 on Base and Solana, MPP on Tempo), where `devnet` says they
 * listen; none is left running on failure.
 */
export async function startDevnetChains(config: PaymentsConfig, devnet: DevnetConfig): Promise<DevnetChains> {
  const chains: DevnetChains = { base: null, solana: null, tempo: null };
  const at = (chain: 'base' | 'solana' | 'tempo') => ({ host: devnet.host, port: devnet.ports?.[chain] ?? null });
  try {
    if (config.x402Networks.includes('base')) chains.base = await startEvmDevnet(at('base'));
    if (config.x402Networks.includes('solana')) chains.solana = await startSvmDevnet(config.payToSolana, at('solana'));
    if (config.mpp.enabled) chains.tempo = await startTempoDevnet(at('tempo'));
    return chains;
  } catch (err) {
    await stopDevnetChains(chains);
    throw err;
  }
}

export async function stopDevnetChains(devnet: DevnetChains | null): Promise<void> {
  await devnet?.base?.stop();
  await devnet?.solana?.stop();
  await devnet?.tempo?.stop();
}

/** Payments settle on the local chains, with the devnet's own keys. */
export function devnetSettlementNetworks({ base, solana, tempo }: DevnetChains): SettlementNetworks {
  return {
    base: base && { rpcUrl: base.rpcUrl, usdc: base.usdc, settlerKey: base.settlerKey },
    solana: solana && { rpcUrl: solana.rpcUrl, mint: solana.mint, feePayerSecret: solana.feePayerSecret },
    tempo: tempo && { rpcUrl: tempo.rpcUrl, chainId: tempo.chainId, currency: tempo.currency },
  };
}
