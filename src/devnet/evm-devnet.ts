import { type Address, createPublicClient, createWalletClient, getAddress, type Hex, http, pad, toHex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { base } from 'viem/chains';
import { USDC_BASE } from '../chains/networks.js';
import { anvilCall, type ChainBinding, startAnvil } from './anvil.js';
import { compileTestUsdc } from './compile-test-usdc.js';
import { MINTER_SLOT } from './test-usdc.source.js';

/**
 * Anvil's well-known development keys (its default mnemonic): never hold real funds with them. Payments
 * go to account #1, the devnet default of PAY_TO_BASE (payments.config.ts DEVNET_PAY_TO).
 */
export const ANVIL_KEYS = {
  /** Mints the test USDC, and pays gas for settlements (the facilitator). */
  settler: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80' as Hex,
  /** A funded test payer, handed out by GET /devnet. */
  payer: '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a' as Hex,
};

export const DEVNET_PAYER_USDC = 1_000_000_000n; // 1000 test USDC

export interface EvmDevnet {
  rpcUrl: string;
  chainId: number;
  usdc: Address;
  usdcAbi: readonly unknown[];
  settlerKey: Hex;
  payerKey: Hex;
  stop(): Promise<void>;
}

/**
 * A local Base (chain id 8453) with the test USDC at Base's real USDC address (anvil_setCode), so stock
 * x402 clients, which pay only the canonical USDC of a network by default, pay it unmodified; the
 * settler is its minter, and the test payer is funded.
 */
export async function startEvmDevnet(binding?: ChainBinding): Promise<EvmDevnet> {
  const { abi, deployedBytecode } = await compileTestUsdc();
  const node = await startAnvil({ chainId: base.id, binding });
  try {
    const settler = privateKeyToAccount(ANVIL_KEYS.settler);
    const wallet = createWalletClient({ account: settler, chain: base, transport: http(node.rpcUrl) });
    const client = createPublicClient({ chain: base, transport: http(node.rpcUrl) });
    const usdc = getAddress(USDC_BASE);
    await anvilCall(node.rpcUrl, 'anvil_setCode', [usdc, deployedBytecode]);
    await anvilCall(node.rpcUrl, 'anvil_setStorageAt', [usdc, toHex(MINTER_SLOT, { size: 32 }), pad(settler.address, { size: 32 })]);
    const payer = privateKeyToAccount(ANVIL_KEYS.payer);
    const mintTx = await wallet.writeContract({ address: usdc, abi, functionName: 'mint', args: [payer.address, DEVNET_PAYER_USDC] });
    await client.waitForTransactionReceipt({ hash: mintTx });
    return {
      rpcUrl: node.rpcUrl,
      chainId: base.id,
      usdc,
      usdcAbi: abi,
      settlerKey: ANVIL_KEYS.settler,
      payerKey: ANVIL_KEYS.payer,
      stop: node.stop,
    };
  } catch (err) {
    await node.stop();
    throw err;
  }
}
