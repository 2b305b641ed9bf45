import { authorizationTypes, eip3009ABI, toFacilitatorEvmSigner } from '@x402/evm';
import { ExactEvmSchemeV1 } from '@x402/evm/exact/v1/facilitator';
import {
  type Address,
  createPublicClient,
  createWalletClient,
  erc20Abi,
  type GetCodeReturnType,
  getAddress,
  type Hex,
  isAddress,
  isAddressEqual,
  type PublicClient,
  parseAbiItem,
  parseEventLogs,
  publicActions,
  type ReadContractParameters,
  type SendTransactionParameters,
  type VerifyTypedDataParameters,
  type WriteContractParameters,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { base } from 'viem/chains';
import { USDC_EIP712 } from '../../chains/networks.js';
import { pooledHttp } from '../../chains/pooled-rpc-transport.js';
import { recoverSignaturesNatively } from './native-recovery.js';
import { MemoryNonceSequencer, type NonceSequencer } from './nonce-sequencer.js';
import { preparedRead, type ReadingClient } from './prepared-read.js';
import type { RailSettlement, RailVerdict, X402PaymentPayload, X402Rail, X402Requirements } from './rail.js';
import { recoverTransferSigner, type TransferAuthorization, type TypedDomain } from './transfer-signature.js';
import { settlementOf, v1SchemeArgs, verdictOf } from './x402-scheme.js';

const AUTHORIZATION_USED = parseAbiItem('event AuthorizationUsed(address indexed authorizer, bytes32 indexed nonce)');
/** How far back to look for the settling transaction (about 5.5 hours of Base blocks). */
const RECONCILE_BLOCKS = 10_000n;

export interface EvmRailOptions {
  rpcUrl: string;
  asset: string;
  payTo: string;
  /** Pays gas for transferWithAuthorization: the server settles its own payments. */
  settlerKey: Hex;
  /** Orders the settling account's transaction nonces (shared through Redis by every API process). */
  nonces?: (settler: Address) => NonceSequencer;
}

/**
 * x402 `exact` on Base: EIP-3009 transferWithAuthorization, verified and settled in-process with the
 * maintained facilitator scheme (@x402/evm ExactEvmSchemeV1) over viem. Replays are keyed by
 * (network, payer, nonce): the authorization nonce the token itself refuses to use twice.
 */
export function createEvmRail(opts: EvmRailOptions): X402Rail {
  const { scheme, client } = exactEvmFacilitator(opts.rpcUrl, opts.settlerKey, opts.nonces);

  return {
    network: 'base',
    asset: opts.asset,
    payTo: opts.payTo,
    extra: { ...USDC_EIP712 },
    claimKey: evmClaimKey,
    authenticate: (payment, requirements) => authenticateEvm(client as unknown as PublicClient, payment, requirements),
    async verify(payment, requirements): Promise<RailVerdict> {
      const payload = readEvmPayload(payment);
      if (typeof payload === 'string') return { ok: false, reason: payload };
      return verdictOf(await scheme.verify(...v1SchemeArgs(payment, requirements)));
    },
    reconcile: evmReconciler(client as unknown as PublicClient, opts.asset),
    async settle(payment, requirements): Promise<RailSettlement> {
      return settlementOf(await scheme.settle(...v1SchemeArgs(payment, requirements)));
    },
  };
}

/**
 * The maintained x402 v1 `exact` facilitator scheme for Base, signing and paying gas with `key`. Every
 * broadcast takes its nonce from `nonces`, so simultaneous settlements never collide on one.
 */
export function exactEvmFacilitator(
  rpcUrl: string,
  key: Hex,
  sequencer: (settler: Address) => NonceSequencer = () => new MemoryNonceSequencer(),
) {
  recoverSignaturesNatively();
  const account = privateKeyToAccount(key);
  const nonces = sequencer(account.address);
  const client = createWalletClient({ account, chain: base, transport: pooledHttp(rpcUrl) }).extend(publicActions);
  const read = preparedRead(client as unknown as ReadingClient);
  const pendingNonce = () => client.getTransactionCount({ address: account.address, blockTag: 'pending' });
  const signer = toFacilitatorEvmSigner({
    address: account.address,
    // The scheme's argument types are looser than viem's (plain strings for addresses): handed on as viem's.
    readContract: (args) => read(args as ReadContractParameters),
    verifyTypedData: (args) => verifyTypedData(client as unknown as PublicClient, args as VerifyTypedDataParameters),
    writeContract: (args) => nonces.send(pendingNonce, (nonce) => client.writeContract({ ...(args as WriteContractParameters), nonce })),
    sendTransaction: (args) =>
      nonces.send(pendingNonce, (nonce) => client.sendTransaction({ ...(args as SendTransactionParameters), nonce })),
    waitForTransactionReceipt: (args) => client.waitForTransactionReceipt(args),
    getCode: (args) => client.getCode(args),
  });
  // The scheme asks for the payer's code twice in one verify (is it a counterfactual wallet, then which signature
  // check): one scheme per call, whose signer asks the node once per address, saves a round trip of each.
  const scheme = () => new ExactEvmSchemeV1({ ...signer, getCode: codeOncePerCall(signer.getCode) });
  const verify: ExactEvmSchemeV1['verify'] = (payload, requirements) => scheme().verify(payload, requirements);
  const settle: ExactEvmSchemeV1['settle'] = (payload, requirements, context) => scheme().settle(payload, requirements, context);
  return { scheme: { verify, settle }, client };
}

type GetCode = (args: { address: Address }) => Promise<GetCodeReturnType>;

/** `getCode` that reads an address's code once (a failed read is tried again): for one verify or one settle. */
function codeOncePerCall(getCode: GetCode): GetCode {
  const answers = new Map<string, Promise<GetCodeReturnType>>();
  return (args) => {
    const key = args.address.toLowerCase();
    let answer = answers.get(key);
    if (!answer) {
      answer = getCode(args);
      answers.set(key, answer);
      answer.catch(() => answers.delete(key));
    }
    return answer;
  };
}

/**
 * An EOA's signature of a USDC authorization is recovered locally (libsecp256k1); any other signature (a smart
 * wallet's ERC-1271 or ERC-6492 one), or one that names another signer, is left to the node, as viem does.
 */
function verifyTypedData(client: PublicClient, args: VerifyTypedDataParameters): Promise<boolean> {
  if (args.primaryType === 'TransferWithAuthorization' && typeof args.signature === 'string') {
    const signer = recoverTransferSigner(args.domain as TypedDomain, args.message as unknown as TransferAuthorization, args.signature);
    if (signer && isAddressEqual(signer, args.address)) return Promise.resolve(true);
  }
  return client.verifyTypedData(args);
}

const AUTH_FIELDS = ['from', 'to', 'value', 'validAfter', 'validBefore', 'nonce'] as const;

/** An exact EVM payload whose fields are all strings (their formats are checked where they are used). */
interface EvmPayload {
  signature: Hex;
  authorization: Record<(typeof AUTH_FIELDS)[number], string>;
}

/** The payload read as an exact EVM one, or why it is not one. */
function readEvmPayload(payment: X402PaymentPayload): EvmPayload | string {
  const auth = payment.payload?.authorization;
  if (
    typeof payment.payload?.signature !== 'string' ||
    !auth ||
    typeof auth !== 'object' ||
    AUTH_FIELDS.some((f) => typeof auth[f] !== 'string')
  ) {
    return `an exact EVM payload needs signature and authorization {${AUTH_FIELDS.join(', ')}} as strings`;
  }
  return payment.payload as unknown as EvmPayload;
}

/**
 * The EIP-3009 authorization is signed by its `from` for this token (EIP-712 domain), to our pay-to,
 * for the price exactly (x402 `exact`). An EOA signature is checked locally; anything else (a smart wallet's
 * ERC-1271/6492 signature) through the node.
 */
export async function authenticateEvm(
  client: PublicClient,
  payment: X402PaymentPayload,
  requirements: X402Requirements,
): Promise<RailVerdict> {
  const payload = readEvmPayload(payment);
  if (typeof payload === 'string') return { ok: false, reason: payload };
  const { authorization: auth, signature } = payload;
  if (
    !isAddress(auth.from) ||
    !isAddress(auth.to) ||
    !/^0x[0-9a-fA-F]{64}$/.test(auth.nonce) ||
    ![auth.value, auth.validAfter, auth.validBefore].every((v) => /^\d{1,78}$/.test(v))
  ) {
    return { ok: false, reason: 'the authorization has malformed fields' };
  }
  if (!isAddressEqual(auth.to, requirements.payTo as Address)) return { ok: false, reason: 'the authorization pays another address' };
  if (BigInt(auth.value) !== BigInt(requirements.maxAmountRequired)) {
    const [value, price] = [auth.value, requirements.maxAmountRequired];
    return {
      ok: false,
      reason: `the authorization is for ${value} atomic units, not the price of ${price} (x402 exact takes the price exactly)`,
    };
  }
  const typed = {
    domain: {
      name: String(requirements.extra.name),
      version: String(requirements.extra.version),
      chainId: base.id,
      verifyingContract: getAddress(requirements.asset),
    },
    types: authorizationTypes,
    primaryType: 'TransferWithAuthorization' as const,
    message: {
      from: getAddress(auth.from),
      to: getAddress(auth.to),
      value: BigInt(auth.value),
      validAfter: BigInt(auth.validAfter),
      validBefore: BigInt(auth.validBefore),
      nonce: auth.nonce as Hex,
    },
  };
  const valid = await verifyTypedData(client, { ...typed, address: getAddress(auth.from), signature }).catch(() => false);
  return valid ? { ok: true, payer: getAddress(auth.from) } : { ok: false, reason: 'the authorization is not signed by its payer' };
}

/** EVM payments are named by (network, payer, authorization nonce): the token uses each nonce once. */
export function evmClaimKey(payment: X402PaymentPayload): string | null {
  const auth = payment.payload?.authorization;
  if (typeof auth?.from !== 'string' || typeof auth?.nonce !== 'string') return null;
  return `evm:${payment.network}:${auth.from.toLowerCase()}:${auth.nonce.toLowerCase()}`;
}

/**
 * Whether the chain executed this payment's authorization, and in which transaction. A used nonce is
 * not enough: the payer may have spent the same nonce on another authorization (to someone else), so
 * the transaction that used it must carry the transfer this authorization signed.
 */
export function evmReconciler(client: PublicClient, assetAddress: string): X402Rail['reconcile'] {
  const asset = getAddress(assetAddress);
  return async (payment) => {
    const payload = readEvmPayload(payment);
    if (typeof payload === 'string') throw new Error(`not an exact EVM payment: ${payload}`);
    // Reconciled payments were authenticated when their intent was recorded: their addresses and nonce are hex.
    const auth = payload.authorization as EvmPayload['authorization'] & { from: Address; to: Address; nonce: Hex };
    const used = await client.readContract({
      address: asset,
      abi: eip3009ABI,
      functionName: 'authorizationState',
      args: [getAddress(auth.from), auth.nonce],
    });
    // Unused and past its validBefore, the token will never execute it: nothing moved, nothing can.
    if (!used) return { settled: false, final: BigInt(auth.validBefore) <= BigInt(Math.floor(Date.now() / 1000)) };
    const latest = await client.getBlockNumber({ cacheTime: 0 }); // viem caches it for seconds otherwise
    const logs = await client.getLogs({
      address: asset,
      event: AUTHORIZATION_USED,
      args: { authorizer: getAddress(auth.from), nonce: auth.nonce },
      fromBlock: latest > RECONCILE_BLOCKS ? latest - RECONCILE_BLOCKS : 0n,
      toBlock: 'latest',
    });
    if (!logs.length) throw new Error('the authorization was used outside the reconciliation window; cannot tell by which transaction');
    const transaction = logs[0].transactionHash;
    const receipt = await client.getTransactionReceipt({ hash: transaction });
    const paid = parseEventLogs({ abi: erc20Abi, logs: receipt.logs, eventName: 'Transfer' }).some(
      (t) =>
        isAddressEqual(t.address, asset) &&
        isAddressEqual(t.args.from, auth.from) &&
        isAddressEqual(t.args.to, auth.to) &&
        t.args.value === BigInt(auth.value),
    );
    return paid ? { settled: true, transaction } : { settled: false, final: true };
  };
}

/** A read-only client of Base, for reconciliation. */
export function basePublicClient(rpcUrl: string): PublicClient {
  return createPublicClient({ chain: base, transport: pooledHttp(rpcUrl) }) as PublicClient;
}
