import type { Hex } from 'viem';
import { anvilCall, type ChainBinding, startAnvil } from './anvil.js';
import { ANVIL_KEYS } from './evm-devnet.js';
import { resetExpiringNonces } from './expiring-nonce-reset.js';

/** Tempo's testnet chain id (Moderato): anvil's tempo mode predeploys its system tokens. */
export const TEMPO_DEVNET_CHAIN_ID = 42431;
/** pathUSD, the TIP-20 stablecoin every Tempo node predeploys; it stands in for USDC on the devnet. */
export const PATH_USD = '0x20c0000000000000000000000000000000000000';

export interface TempoDevnet {
  rpcUrl: string;
  chainId: number;
  currency: `0x${string}`;
  /** A funded test payer (anvil's dev accounts hold pathUSD and the fee tokens). */
  payerKey: Hex;
  stop(): Promise<void>;
}

/**
 * An offline Tempo node (`anvil --network tempo`) for MPP charges. Its clock starts at the real time:
 * mppx's stock client signs with an expiring nonce valid from now, which a node whose blocks start at
 * time 1 refuses as "not valid yet".
 */
export async function startTempoDevnet(binding?: ChainBinding): Promise<TempoDevnet> {
  const now = String(Math.floor(Date.now() / 1000));
  const node = await startAnvil({ chainId: TEMPO_DEVNET_CHAIN_ID, extraArgs: ['--network', 'tempo', '--timestamp', now], binding });
  // anvil simulates calls on its genesis block at time 1 whatever --timestamp says: one block past it,
  // the clients' gas estimates (eth_call on `latest`) see the real time too.
  await anvilCall(node.rpcUrl, 'evm_mine', []).catch(async (err) => {
    await node.stop();
    throw err;
  });
  const nonces = resetExpiringNonces(node.rpcUrl);
  const stop = async () => {
    await nonces.stop().catch(() => {});
    await node.stop();
  };
  return { rpcUrl: node.rpcUrl, chainId: TEMPO_DEVNET_CHAIN_ID, currency: PATH_USD, payerKey: ANVIL_KEYS.payer, stop };
}
