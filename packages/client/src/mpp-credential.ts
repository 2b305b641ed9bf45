import { Challenge, Credential } from 'mppx';
import { Bytes, Hash, Hex } from 'ox';
import { createClient, type Hex as HexString, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { prepareTransactionRequest, sendRawTransactionSync, signTransaction } from 'viem/actions';
import { tempoModerato } from 'viem/chains';
import { Actions } from 'viem/tempo';

/**
 * An MPP credential for a Tempo `charge` challenge, built step by step: the same credential mppx's own
 * client makes (mppx's Challenge and Credential formats, a TIP-20 transferWithMemo bound to the
 * challenge), signed with an ordinary nonce where mppx uses Tempo's "expiring nonce", and open to
 * tampering. Used by the `vidint` client and by the tests (which tamper with it); mppx's stock client
 * pays the devnet too (test/e2e/stock-clients.test.ts).
 */
export interface MppPayOptions {
  /** The 402's WWW-Authenticate value. */
  challenge: string;
  rpcUrl: string;
  privateKey: HexString;
  mode: 'pull' | 'push';
  /** Tamper with the transfer, to test refusals. */
  amount?: bigint;
  recipient?: `0x${string}`;
  currency?: `0x${string}`;
  memoChallengeId?: string;
}

/** The fields of a Tempo `charge` request this client reads (mppx types a challenge's request as a plain record). */
interface TempoChargeRequest {
  amount: string;
  recipient: `0x${string}`;
  currency: `0x${string}`;
  methodDetails: { chainId: number };
}

export async function mppCredential(o: MppPayOptions): Promise<string> {
  const challenge = Challenge.deserialize(o.challenge);
  const request = challenge.request as unknown as TempoChargeRequest;
  const chain = { ...tempoModerato, id: request.methodDetails.chainId, rpcUrls: { default: { http: [o.rpcUrl] } } };
  const account = privateKeyToAccount(o.privateKey);
  const client = createClient({ chain, transport: http(o.rpcUrl), account });
  const call = Actions.token.transfer.call(client, {
    amount: o.amount ?? BigInt(request.amount),
    to: o.recipient ?? request.recipient,
    token: o.currency ?? request.currency,
    memo: attributionMemo(challenge.realm, o.memoChallengeId ?? challenge.id),
  });
  const prepared = await prepareTransactionRequest(client, { account, calls: [call] });
  // Tempo's estimate leaves out signature verification and new-balance storage: pay for them.
  prepared.gas = (prepared.gas ?? 0n) * 2n + 100_000n;
  const signature = await signTransaction(client, prepared);
  const source = `did:pkh:eip155:${chain.id}:${account.address}`;
  if (o.mode === 'pull') return Credential.serialize({ challenge, payload: { signature, type: 'transaction' }, source });
  const receipt = await sendRawTransactionSync(client, { serializedTransaction: signature });
  return Credential.serialize({ challenge, payload: { hash: receipt.transactionHash, type: 'hash' }, source });
}

/** The 32-byte MPP attribution memo: tag, version, server fingerprint, anonymous client, challenge nonce. */
function attributionMemo(realm: string, challengeId: string): HexString {
  const keccak = (s: string) => Hash.keccak256(Bytes.fromString(s), { as: 'Hex' });
  const memo = new Uint8Array(32);
  memo.set(Hex.toBytes(Hex.slice(keccak('mpp'), 0, 4)), 0);
  memo[4] = 0x01;
  memo.set(Hex.toBytes(Hex.slice(keccak(realm), 0, 10)), 5);
  memo.set(Hex.toBytes(Hex.slice(keccak(challengeId), 0, 7)), 25);
  return Hex.fromBytes(memo) as HexString;
}
