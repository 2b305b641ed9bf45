import { createPublicClient, encodeAbiParameters, type Hex, keccak256, maxUint256, toHex, webSocket } from 'viem';
import { Addresses } from 'viem/tempo';
import { anvilCall } from './anvil.js';

/** Tempo's expiring nonce key: a transaction under it is valid once, until its validBefore, with nonce 0. */
const EXPIRING_NONCE_KEY = maxUint256;

/** The NonceManager's slot for (account, nonce key): `mapping(address => mapping(uint256 => uint64))` at slot 0. */
function nonceSlot(account: Hex, nonceKey: bigint): Hex {
  const inner = keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [account, 0n]));
  return keccak256(encodeAbiParameters([{ type: 'uint256' }, { type: 'bytes32' }], [nonceKey, inner]));
}

/**
 * anvil 1.7 counts Tempo's expiring nonce like an ordinary nonce key: after an account's first such transaction
 * (every stock mppx payment) it expects nonce 1 and silently drops the next payment. Tempo keeps no sequence
 * for that key (replays are refused by hash until validBefore), so after each block the devnet puts the
 * senders' expiring-nonce counters back to 0. Blocks come over the node's WebSocket, so the reset lands
 * milliseconds after the block, before a client can prepare its next payment.
 */
export function resetExpiringNonces(rpcUrl: string): { stop(): Promise<void> } {
  const client = createPublicClient({ transport: webSocket(rpcUrl.replace(/^http/, 'ws'), { reconnect: false, keepAlive: false }) });
  const unwatch = client.watchBlocks({
    includeTransactions: true,
    onBlock: async (block) => {
      const senders = new Set<Hex>();
      for (const tx of block.transactions) {
        const nonceKey = (tx as { nonceKey?: Hex | bigint }).nonceKey;
        if (nonceKey !== undefined && BigInt(nonceKey) === EXPIRING_NONCE_KEY) senders.add(tx.from);
      }
      for (const sender of senders) {
        await anvilCall(rpcUrl, 'anvil_setStorageAt', [
          Addresses.nonceManager,
          nonceSlot(sender, EXPIRING_NONCE_KEY),
          toHex(0n, { size: 32 }),
        ]);
      }
    },
    onError: () => {}, // the node stops with the devnet; nothing to reset then
  });
  return {
    async stop() {
      unwatch();
      (await client.transport.getRpcClient()).close();
    },
  };
}
