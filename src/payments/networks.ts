/** USDC contract on Base mainnet. */
export const USDC_BASE = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
/** The EIP-712 domain of USDC (and of the devnet's test USDC): the x402 `extra` of EVM requirements. */
export const USDC_EIP712 = { name: 'USD Coin', version: '2' };
/** USDC mint on Solana mainnet. */
export const USDC_SOLANA = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
