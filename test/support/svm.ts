import { address, createSolanaRpc } from '@solana/kit';
import { findAssociatedTokenPda, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token';
import { createPaymentHeader } from 'x402/client';
import { createSigner } from 'x402/types';

/** The devnet's Solana as a client sees it (GET /devnet): token balances, and payments made with the official x402 client. */
export function svmClients(dev: { rpc_url: string; usdc_mint: string }) {
  const rpc = createSolanaRpc(dev.rpc_url);
  return {
    /** Test USDC (atomic units) in `owner`'s associated token account; 0 when it has none. */
    async balanceOf(owner: string): Promise<bigint> {
      const [ata] = await findAssociatedTokenPda({
        mint: address(dev.usdc_mint),
        owner: address(owner),
        tokenProgram: TOKEN_PROGRAM_ADDRESS,
      });
      try {
        return BigInt((await rpc.getTokenAccountBalance(ata).send()).value.amount);
      } catch {
        return 0n;
      }
    },
    /** An X-PAYMENT for `requirements`, signed by the x402 client with a base58 secret key. */
    async pay(secretKey: string, requirements: any): Promise<string> {
      return createPaymentHeader(await createSigner('solana', secretKey), 1, requirements, { svmConfig: { rpcUrl: dev.rpc_url } });
    },
  };
}
