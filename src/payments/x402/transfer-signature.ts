import { createRequire } from 'node:module';
import type { ecdsaRecover as EcdsaRecover } from 'secp256k1';
import { type Address, encodeAbiParameters, getAddress, type Hex, hexToBytes, isHex, keccak256, toHex } from 'viem';

// libsecp256k1's recovery (the secp256k1 package's native binding; it falls back to its own JS where no binary
// loads) takes about 0.06 ms, where viem's pure-JS recovery takes 2-4 ms: the bulk of a paid request's own work.
export const { ecdsaRecover } = createRequire(import.meta.url)('secp256k1') as { ecdsaRecover: typeof EcdsaRecover };

/** An EIP-712 domain as the x402 schemes give it. */
export interface TypedDomain {
  name?: string;
  version?: string;
  chainId?: number | bigint;
  verifyingContract?: Address;
}

/** The EIP-3009 authorization USDC signs (its field values as viem passes them: addresses, bigints, the nonce in hex). */
export interface TransferAuthorization {
  from: Address;
  to: Address;
  value: bigint;
  validAfter: bigint;
  validBefore: bigint;
  nonce: Hex;
}

const DOMAIN_TYPEHASH = keccak256(toHex('EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)'));
const TRANSFER_TYPEHASH = keccak256(
  toHex('TransferWithAuthorization(address from,address to,uint256 value,uint256 validAfter,uint256 validBefore,bytes32 nonce)'),
);

/** Domain separators by domain: one per token and chain, hashed once. */
const separators = new Map<string, Hex>();

function domainSeparator(domain: TypedDomain): Hex | null {
  const { name, version, chainId, verifyingContract } = domain;
  if (name === undefined || version === undefined || chainId === undefined || verifyingContract === undefined) return null;
  const key = `${name}\u0000${version}\u0000${chainId}\u0000${verifyingContract.toLowerCase()}`;
  let separator = separators.get(key);
  if (!separator) {
    separator = keccak256(
      encodeAbiParameters(
        [{ type: 'bytes32' }, { type: 'bytes32' }, { type: 'bytes32' }, { type: 'uint256' }, { type: 'address' }],
        [DOMAIN_TYPEHASH, keccak256(toHex(name)), keccak256(toHex(version)), BigInt(chainId), verifyingContract],
      ),
    );
    separators.set(key, separator);
  }
  return separator;
}

/** The EIP-712 digest of a TransferWithAuthorization (the same value viem's hashTypedData gives). */
export function transferDigest(domain: TypedDomain, message: TransferAuthorization): Hex | null {
  const separator = domainSeparator(domain);
  if (!separator) return null;
  const structHash = keccak256(
    encodeAbiParameters(
      [
        { type: 'bytes32' },
        { type: 'address' },
        { type: 'address' },
        { type: 'uint256' },
        { type: 'uint256' },
        { type: 'uint256' },
        { type: 'bytes32' },
      ],
      [TRANSFER_TYPEHASH, message.from, message.to, message.value, message.validAfter, message.validBefore, message.nonce],
    ),
  );
  return keccak256(`0x1901${separator.slice(2)}${structHash.slice(2)}`);
}

/**
 * The address whose key made a 65-byte ECDSA signature (r, s, v) of a TransferWithAuthorization, or null when the
 * signature is no such signature (a smart wallet's ERC-1271 or ERC-6492 one: the caller asks the chain then).
 */
export function recoverTransferSigner(domain: TypedDomain, message: TransferAuthorization, signature: Hex): Address | null {
  if (!isHex(signature) || signature.length !== 132) return null;
  const digest = transferDigest(domain, message);
  if (!digest) return null;
  const bytes = hexToBytes(signature);
  const v = bytes[64];
  const recovery = v >= 27 ? v - 27 : v;
  if (recovery !== 0 && recovery !== 1) return null;
  try {
    const publicKey = ecdsaRecover(bytes.subarray(0, 64), recovery, hexToBytes(digest), false);
    return getAddress(`0x${keccak256(publicKey.subarray(1)).slice(-40)}`);
  } catch {
    return null; // r or s out of range, or no point: not a signature of this digest
  }
}
