import type { Hex } from 'viem';
import { TEMPO_MAINNET_CHAIN_ID, TEMPO_MAINNET_RPC_URL, USDC_BASE, USDC_SOLANA, USDC_TEMPO } from '../chains/networks.js';
import type { PaymentsConfig } from './payments.config.js';

/**
 * Where each offered network settles: its RPC, the token paid and the server's own keys; null where the
 * network is not offered. Live, they come from the configuration and the mainnet constants; in devnet mode
 * the devnet module provides its local chains' (payments never starts a chain itself).
 */
export interface SettlementNetworks {
  base: { rpcUrl: string; usdc: string; settlerKey: Hex | null } | null;
  solana: { rpcUrl: string; mint: string; feePayerSecret: string } | null;
  tempo: { rpcUrl: string; chainId: number; currency: `0x${string}` } | null;
}

/** The live networks, from the validated configuration (it requires the RPCs and keys of what is offered). */
export function liveSettlementNetworks(config: PaymentsConfig): SettlementNetworks {
  const offered = (network: 'base' | 'solana') => config.x402Networks.includes(network);
  return {
    base: offered('base') ? { rpcUrl: config.baseRpcUrl!, usdc: USDC_BASE, settlerKey: config.evmSettlementKey } : null,
    solana: offered('solana') ? { rpcUrl: config.solanaRpcUrl!, mint: USDC_SOLANA, feePayerSecret: config.solanaFeePayerKey! } : null,
    tempo: config.mpp.enabled
      ? { rpcUrl: config.mpp.rpcUrl ?? TEMPO_MAINNET_RPC_URL, chainId: TEMPO_MAINNET_CHAIN_ID, currency: USDC_TEMPO }
      : null,
  };
}
