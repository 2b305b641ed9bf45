/** USDC contract on Base mainnet. */
export const USDC_BASE = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
/** The EIP-712 domain of USDC (and of the devnet's test USDC): the x402 `extra` of EVM requirements. */
export const USDC_EIP712 = { name: 'USD Coin', version: '2' };
/** USDC mint on Solana mainnet. */
export const USDC_SOLANA = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
/** Tempo mainnet, and its USDC (a TIP-20 token) charged through MPP. */
export const TEMPO_MAINNET_CHAIN_ID = 4217;
export const USDC_TEMPO = '0x20C000000000000000000000b9537d11c60E8b50';
export const TEMPO_MAINNET_RPC_URL = 'https://rpc.tempo.xyz';

/** x402 v2 names networks by CAIP-2 id: the v1 name of each network offered, and its CAIP-2 id. */
export const CAIP2_NETWORKS: Readonly<Record<string, string>> = {
  base: 'eip155:8453',
  'base-sepolia': 'eip155:84532',
  solana: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  'solana-devnet': 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
};

/** The CAIP-2 id of a v1 network name (unknown names are passed through). */
export function caip2(network: string): string {
  return CAIP2_NETWORKS[network] ?? network;
}

/** The v1 name of a CAIP-2 network id (unknown ids are passed through). */
export function v1NetworkName(network: string): string {
  return Object.entries(CAIP2_NETWORKS).find(([, id]) => id === network)?.[0] ?? network;
}
