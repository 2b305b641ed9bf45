import { createHash } from 'node:crypto';
import {
  type Address,
  createKeyPairSignerFromBytes,
  createSolanaRpc,
  getBase58Decoder,
  getBase58Encoder,
  getBase64Encoder,
  getPublicKeyFromAddress,
  getTransactionDecoder,
  type KeyPairSigner,
  type Signature,
  signBytes,
  signature as toSignature,
  verifySignature,
} from '@solana/kit';
import { toFacilitatorSvmSigner } from '@x402/svm';
import { ExactSvmSchemeV1 } from '@x402/svm/exact/v1/facilitator';
import type { RailSettlement, RailVerdict, X402PaymentPayload, X402Rail } from './rail.js';
import { settlementOf, v1SchemeArgs, verdictOf } from './x402-scheme.js';

export interface SvmRailOptions {
  rpcUrl: string;
  /** The USDC mint. */
  asset: string;
  payTo: string;
  /** The fee payer's 64-byte secret key (base58, as Solana tools write it, or a JSON byte array). */
  feePayerSecret: string;
}

/**
 * x402 `exact` on Solana, verified and settled in-process by @x402/svm's ExactSvmSchemeV1: the client
 * signs an SPL transferChecked whose fee payer is this server; we check it, co-sign as fee payer and
 * broadcast. A payment is named by the hash of its transaction message, so a resent (or re-signed)
 * payment shares one claim.
 */
export async function createSvmRail(opts: SvmRailOptions): Promise<X402Rail> {
  const signer = await createKeyPairSignerFromBytes(secretBytes(opts.feePayerSecret));
  const scheme = new ExactSvmSchemeV1(toFacilitatorSvmSigner(signer, { defaultRpcUrl: opts.rpcUrl }));
  const rpc = createSolanaRpc(opts.rpcUrl);
  return {
    network: 'solana',
    asset: opts.asset,
    payTo: opts.payTo,
    extra: { feePayer: signer.address },
    claimKey: svmClaimKey,
    authenticate: (payment) => authenticateSvm(payment, signer.address),
    async verify(payment, requirements): Promise<RailVerdict> {
      return verdictOf(await scheme.verify(...v1SchemeArgs(payment, requirements)));
    },
    async settle(payment, requirements): Promise<RailSettlement> {
      return settlementOf(await scheme.settle(...v1SchemeArgs(payment, requirements)));
    },
    async reconcile(payment) {
      // Ed25519 signatures are deterministic: our co-signature, which names the transaction, can be recomputed.
      const signature = await feePayerSignature(signer, payment);
      if (!signature) return { settled: false, final: true };
      const { value } = await rpc.getSignatureStatuses([signature]).send();
      const status = value[0];
      if (!status) return { settled: false };
      return status.err ? { settled: false, final: true } : { settled: true, transaction: signature };
    },
  };
}

/**
 * Every signature the transaction carries besides our fee payer's is present and valid for its message.
 * What the message transfers (mint, amount, destination) was checked in full when the payment that
 * shares its claim key was first verified; a new payment gets that full check (verify) before settling.
 */
async function authenticateSvm(payment: X402PaymentPayload, feePayer: string): Promise<RailVerdict> {
  const wire = payment.payload?.transaction;
  if (typeof wire !== 'string' || wire.length > 8192) return { ok: false, reason: 'an exact SVM payload needs a base64 transaction' };
  let tx: ReturnType<ReturnType<typeof getTransactionDecoder>['decode']>;
  try {
    tx = getTransactionDecoder().decode(getBase64Encoder().encode(wire));
  } catch {
    return { ok: false, reason: 'its transaction cannot be decoded' };
  }
  const signers = Object.entries(tx.signatures).filter(([address]) => address !== feePayer);
  if (!signers.length) return { ok: false, reason: 'the transaction is signed by no payer' };
  for (const [address, signature] of signers) {
    const valid =
      signature &&
      (await verifySignature(await getPublicKeyFromAddress(address as Address), signature, tx.messageBytes).catch(() => false));
    if (!valid) return { ok: false, reason: 'the transaction is not signed by its payer' };
  }
  return { ok: true, payer: signers[0][0] };
}

/** The sha256 of the payment's transaction message (signatures excluded), or null when it has none. */
export function svmClaimKey(payment: X402PaymentPayload): string | null {
  const message = messageBytes(payment);
  return message ? `svm:${payment.network}:${createHash('sha256').update(message).digest('hex')}` : null;
}

function messageBytes(payment: X402PaymentPayload): Uint8Array | null {
  const wire = payment.payload?.transaction;
  if (typeof wire !== 'string' || wire.length > 8192) return null;
  try {
    return getTransactionDecoder().decode(getBase64Encoder().encode(wire)).messageBytes as unknown as Uint8Array;
  } catch {
    return null;
  }
}

async function feePayerSignature(signer: KeyPairSigner, payment: X402PaymentPayload): Promise<Signature | null> {
  const message = messageBytes(payment);
  return message ? toSignature(getBase58Decoder().decode(await signBytes(signer.keyPair.privateKey, message))) : null;
}

/** A 64-byte Solana secret key from base58 or a JSON byte array (solana-keygen's file format). */
export function secretBytes(secret: string): Uint8Array {
  const bytes = secret.trim().startsWith('[') ? Uint8Array.from(JSON.parse(secret)) : getBase58Encoder().encode(secret.trim());
  if (bytes.length !== 64) throw new Error(`a Solana secret key is 64 bytes; this one has ${bytes.length}`);
  return new Uint8Array(bytes);
}
