import { createHash, createPrivateKey, generateKeyPairSync } from 'node:crypto';
import { type Address, address, createKeyPairSignerFromBytes, getBase58Decoder, lamports, none, some } from '@solana/kit';
import { AccountState, findAssociatedTokenPda, getMintEncoder, getTokenEncoder, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token';
import { LiteSVM } from 'litesvm';
import { USDC_SOLANA } from '../chains/networks.js';
import { DEVNET_PAY_TO } from '../payments/payments.config.js';
import type { ChainBinding } from './anvil.js';
import { startSvmRpcFront } from './svm-rpc-front.js';

export const DEVNET_SVM_PAYER_USDC = 1_000_000_000n; // 1000 test USDC
const SOL = 1_000_000_000n;

export interface SvmDevnet {
  rpcUrl: string;
  /** The test USDC mint (6 decimals, SPL Token program), at USDC's mainnet mint address. */
  mint: Address;
  /** The server's fee payer: co-signs payments and pays their fees (64-byte secret key, base58). */
  feePayerSecret: string;
  feePayer: Address;
  /** A funded test payer (SOL for nothing, test USDC to pay with), handed out by GET /devnet. */
  payerSecret: string;
  payer: Address;
  payTo: Address;
  /** The SVM itself, for tests that need to set up accounts. */
  svm: LiteSVM;
  stop(): Promise<void>;
}

/**
 * A local Solana: LiteSVM (in-process, with the SPL Token and Associated Token programs) behind a
 * JSON-RPC front on loopback, with a test USDC mint, a funded payer, the receiving address's token
 * account and the server's fee payer.
 */
export async function startSvmDevnet(payTo: string = DEVNET_PAY_TO.solana, binding?: ChainBinding): Promise<SvmDevnet> {
  const svm = new LiteSVM().withBlockhashCheck(false).withTransactionHistory(10_000n);
  // Fixed keys, like anvil's: every devnet has the same fee payer and mint, so a second API process can
  // settle on the first one's chain (SOLANA_RPC_URL) with the keys it derives itself.
  const feePayer = await newKeyPair('vidint-devnet-solana-fee-payer');
  const payer = await newKeyPair();
  // The test USDC mint sits at Solana's real USDC mint address, with the devnet's fee payer as its
  // mint authority: stock x402 clients, which pay only a network's canonical USDC by default, pay it.
  const mint = address(USDC_SOLANA);
  svm.airdrop(feePayer.address, lamports(100n * SOL));
  svm.airdrop(payer.address, lamports(1n * SOL));
  const mintData = getMintEncoder().encode({
    mintAuthority: some(feePayer.address),
    supply: DEVNET_SVM_PAYER_USDC,
    decimals: 6,
    isInitialized: true,
    freezeAuthority: none(),
  });
  setTokenProgramAccount(svm, mint, new Uint8Array(mintData));
  await createTokenAccount(svm, mint, payer.address, DEVNET_SVM_PAYER_USDC);
  await createTokenAccount(svm, mint, address(payTo), 0n);
  const front = await startSvmRpcFront(svm, binding);
  return {
    rpcUrl: front.url,
    mint,
    feePayerSecret: feePayer.secret,
    feePayer: feePayer.address,
    payerSecret: payer.secret,
    payer: payer.address,
    payTo: address(payTo),
    svm,
    stop: front.close,
  };
}

/** Gives `owner` a token account of `mint` holding `amount`, at its associated address. */
export async function createTokenAccount(svm: LiteSVM, mint: Address, owner: Address, amount: bigint): Promise<Address> {
  const [ata] = await findAssociatedTokenPda({ mint, owner, tokenProgram: TOKEN_PROGRAM_ADDRESS });
  const data = getTokenEncoder().encode({
    mint,
    owner,
    amount,
    delegate: none(),
    state: AccountState.Initialized,
    isNative: none(),
    delegatedAmount: 0n,
    closeAuthority: none(),
  });
  setTokenProgramAccount(svm, ata, new Uint8Array(data));
  return ata;
}

function setTokenProgramAccount(svm: LiteSVM, at: Address, data: Uint8Array) {
  svm.setAccount({
    address: at,
    data,
    executable: false,
    lamports: lamports(svm.minimumBalanceForRentExemption(BigInt(data.length))),
    programAddress: TOKEN_PROGRAM_ADDRESS,
    space: BigInt(data.length),
  } as Parameters<LiteSVM['setAccount']>[0]);
}

/** PKCS#8 DER of an Ed25519 private key, before its 32-byte seed. */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/**
 * An ed25519 key pair, with its 64-byte secret (seed + public key) in base58 as Solana tools write it:
 * fresh, or derived from `name` (the same on every devnet).
 */
async function newKeyPair(name?: string): Promise<{ address: Address; secret: string }> {
  const seed = name ? createHash('sha256').update(name).digest() : null;
  const key = seed
    ? createPrivateKey({ key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]), format: 'der', type: 'pkcs8' })
    : generateKeyPairSync('ed25519').privateKey;
  const jwk = key.export({ format: 'jwk' });
  const bytes = new Uint8Array(64);
  bytes.set(Buffer.from(jwk.d!, 'base64url'), 0);
  bytes.set(Buffer.from(jwk.x!, 'base64url'), 32);
  const signer = await createKeyPairSignerFromBytes(bytes);
  return { address: signer.address, secret: getBase58Decoder().decode(bytes) };
}
