import { secp256k1 } from '@noble/curves/secp256k1';
import { ecdsaRecover } from './transfer-signature.js';

type NobleSignature = InstanceType<typeof secp256k1.Signature>;
type Recover = (this: NobleSignature, msgHash: Uint8Array | string) => ReturnType<NobleSignature['recoverPublicKey']>;

const pure: Recover = secp256k1.Signature.prototype.recoverPublicKey;

/**
 * @x402/evm's exact scheme checks an EOA's signature with viem's recoverAddress, which runs noble's pure-JS
 * recovery (2-4 ms, the bulk of a paid request's own work) and offers no hook to replace it. viem imports the one
 * instance of @noble/curves this module imports (viem pins it; npm dedupes it), so noble's own recovery is routed
 * to libsecp256k1 (0.06 ms) for a 32-byte digest and recovery id 0 or 1, with noble's answer for anything else and
 * noble's own error where libsecp256k1 finds no key. test/unit/native-recovery.test.ts checks viem goes through it.
 */
export function recoverSignaturesNatively(): void {
  secp256k1.Signature.prototype.recoverPublicKey = native;
}

const native: Recover = function (this: NobleSignature, msgHash) {
  const digest = typeof msgHash === 'string' ? hexBytes(msgHash) : msgHash;
  const { r, s, recovery } = this;
  if (digest?.length !== 32 || (recovery !== 0 && recovery !== 1)) return pure.call(this, msgHash);
  let publicKey: Uint8Array;
  try {
    publicKey = ecdsaRecover(compact(r, s), recovery, digest, false);
  } catch {
    return pure.call(this, msgHash); // no key: noble's error message, as before
  }
  return secp256k1.ProjectivePoint.fromHex(publicKey);
};

function compact(r: bigint, s: bigint): Uint8Array {
  return hexBytes(r.toString(16).padStart(64, '0') + s.toString(16).padStart(64, '0'))!;
}

function hexBytes(hex: string): Uint8Array | null {
  const h = hex.startsWith('0x') ? hex.slice(2) : hex;
  return /^(?:[0-9a-fA-F]{2})*$/.test(h) ? Buffer.from(h, 'hex') : null;
}
