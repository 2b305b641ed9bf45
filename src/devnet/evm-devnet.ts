import { createPublicClient, createWalletClient, getAddress, http, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { base } from 'viem/chains';
import { startAnvil } from './anvil.js';
import { compileTestUsdc } from './compile-test-usdc.js';

/**
 * Anvil's well-known development keys (its default mnemonic): never hold real funds with them. Payments
 * go to account #1, the devnet default of PAY_TO_BASE (payments.config.ts DEVNET_PAY_TO).
 */
export const ANVIL_KEYS = {
  /** Deploys the token, mints, and pays gas for settlements (the facilitator). */
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

/** A local Base (chain id 8453) with a test USDC deployed and the test payer funded. */
export async function startEvmDevnet(): Promise<EvmDevnet> {
  const { abi, bytecode } = await compileTestUsdc();
  const node = await startAnvil({ chainId: base.id });
  try {
    const settler = privateKeyToAccount(ANVIL_KEYS.settler);
    const wallet = createWalletClient({ account: settler, chain: base, transport: http(node.rpcUrl) });
    const client = createPublicClient({ chain: base, transport: http(node.rpcUrl) });
    const deployTx = await wallet.deployContract({ abi, bytecode });
    const { contractAddress } = await client.waitForTransactionReceipt({ hash: deployTx });
    if (!contractAddress) throw new Error('the test USDC was not deployed');
    const payer = privateKeyToAccount(ANVIL_KEYS.payer);
    const mintTx = await wallet.writeContract({ address: contractAddress, abi, functionName: 'mint', args: [payer.address, DEVNET_PAYER_USDC] });
    await client.waitForTransactionReceipt({ hash: mintTx });
    return {
      rpcUrl: node.rpcUrl,
      chainId: base.id,
      usdc: getAddress(contractAddress),
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
