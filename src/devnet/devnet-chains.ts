import type { EvmDevnet } from './evm-devnet.js';
import type { SvmDevnet } from './svm-devnet.js';
import type { TempoDevnet } from './tempo-devnet.js';

/** The local chains of PAYMENT_MODE=devnet, each null when its network is not offered. */
export interface DevnetChains {
  base: EvmDevnet | null;
  solana: SvmDevnet | null;
  tempo: TempoDevnet | null;
}

export async function stopDevnetChains(devnet: DevnetChains | null): Promise<void> {
  await devnet?.base?.stop();
  await devnet?.solana?.stop();
  await devnet?.tempo?.stop();
}
