import { secp256k1 } from '@noble/curves/secp256k1';
import { hexToBytes, isHex } from 'viem';
import { ecdsaRecover } from './transfer-signature.js';

type NobleSignature = InstanceType<typeof secp256k1.Signature>;
type Recover = (this: NobleSignature, msgHash: Uint8Array | string) => ReturnType<NobleSignature['recoverPublicKey']>;

const pure: Recover = secp256k1.Signature.prototype.recoverPublicKey;

/**
 * @x402/evm's exact scheme checks an EOA's signature with viem's recoverAddress, which runs noble's pure-JS
 * recovery (2-4 ms, the bulk of a paid request's own work) and offers no hook to replace it. viem imports the one
 * instance of @noble/curves this module imports (viem pins it; npm dedupes it), so noble's own recovery is routed
 * to libsecp256k1 (0.06 ms) for a 32-byte digest and recovery id 0 or 1, with noble's answer for anything else and
 * noble's own error where libsecp256k1 finds no key. native-recovery.test.ts checks viem goes through it.
 */
export function recoverSignaturesNatively(): void {
  secp256k1.Signature.prototype.recoverPublicKey = native;
}

const native: Recover = function (this: NobleSignature, msgHash) {
  const digest = bytesOf(msgHash);
  const { recovery } = this;
  if (digest?.length !== 32 || (recovery !== 0 && recovery !== 1)) return pure.call(this, msgHash);
  let publicKey: Uint8Array;
  try {
    publicKey = ecdsaRecover(this.toCompactRawBytes(), recovery, digest, false);
  } catch {
    return pure.call(this, msgHash); // no key: noble's error message, as before
  }
  return secp256k1.ProjectivePoint.fromHex(publicKey);
};

/** The digest as bytes (noble takes hex with or without 0x), or null where it is no hex at all. */
function bytesOf(msgHash: Uint8Array | string): Uint8Array | null {
  if (typeof msgHash !== 'string') return msgHash;
  const hex = msgHash.startsWith('0x') ? msgHash : `0x${msgHash}`;
  return isHex(hex) ? hexToBytes(hex) : null;
}
