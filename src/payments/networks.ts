/** USDC contract on Base mainnet; its EIP-712 domain is {name: "USD Coin", version: "2"}. */
export const USDC_BASE = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
/** USDC mint on Solana mainnet. */
export const USDC_SOLANA = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
