import { createPublicClient, http } from 'viem';
import { tempoModerato } from 'viem/chains';
import { Actions } from 'viem/tempo';

export { type MppPayOptions, mppCredential } from '@vidint/client';

/** TIP-20 balance on the devnet's Tempo node. */
export async function tempoBalance(rpcUrl: string, chainId: number, token: `0x${string}`, account: `0x${string}`): Promise<bigint> {
  const chain = { ...tempoModerato, id: chainId, rpcUrls: { default: { http: [rpcUrl] } } };
  const { amount } = (await Actions.token.getBalance(createPublicClient({ chain, transport: http(rpcUrl) }) as any, {
    account,
    token,
  })) as any;
  return amount;
}
