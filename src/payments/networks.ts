import type { Config } from '../config/config.js';

/** What the 402 offers per x402 network: its USDC asset and the scheme's `extra` data. */
export interface X402Network {
  network: 'base' | 'solana';
  asset: string;
  payTo: string;
  extra: Record<string, unknown>;
}

/** USDC contract on Base mainnet; its EIP-712 domain is {name: "USD Coin", version: "2"}. */
export const USDC_BASE = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
/** USDC mint on Solana mainnet. */
export const USDC_SOLANA = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';

export function x402Networks(config: Config): X402Network[] {
  return config.x402Networks.map((n) =>
    n === 'base'
      ? { network: 'base', asset: USDC_BASE, payTo: config.payToBase, extra: { name: 'USD Coin', version: '2' } }
      : // The server co-signs Solana transfers and pays their fees, so it names itself as fee payer.
        { network: 'solana', asset: USDC_SOLANA, payTo: config.payToSolana, extra: { feePayer: config.payToSolana } },
  );
}
