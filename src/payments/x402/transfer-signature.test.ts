import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { authorizationTypes } from '@x402/evm';
import { getAddress, type Hex, hashTypedData } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { recoverTransferSigner, transferDigest } from './transfer-signature.js';

const domain = {
  name: 'USD Coin',
  version: '2',
  chainId: 8453,
  verifyingContract: getAddress('0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'),
};
const payer = privateKeyToAccount(generatePrivateKey());
const message = {
  from: payer.address,
  to: getAddress('0x70997970C51812dc3A010C7d01b50e0d17dc79C8'),
  value: 10_000n,
  validAfter: 0n,
  validBefore: 1_900_000_000n,
  nonce: `0x${'ab'.repeat(32)}` as Hex,
};
const typed = { domain, types: authorizationTypes, primaryType: 'TransferWithAuthorization' as const, message };

describe('a USDC transfer authorization signature, recovered locally', () => {
  it('hashes the authorization as EIP-712 does (viem) and recovers the key that signed it', async () => {
    assert.equal(transferDigest(domain, message), hashTypedData(typed));
    const signature = await payer.signTypedData(typed);
    assert.equal(recoverTransferSigner(domain, message, signature), payer.address);
  });

  it('names someone else for a changed amount, payee or token, and nobody for what is no 65-byte signature', async () => {
    const signature = await payer.signTypedData(typed);
    assert.notEqual(recoverTransferSigner(domain, { ...message, value: 10_001n }, signature), payer.address);
    assert.notEqual(recoverTransferSigner(domain, { ...message, to: payer.address }, signature), payer.address);
    assert.notEqual(recoverTransferSigner({ ...domain, chainId: 1 }, message, signature), payer.address);
    assert.equal(recoverTransferSigner(domain, message, `${signature}00` as Hex), null); // a wrapped (ERC-6492) signature
    assert.equal(recoverTransferSigner(domain, message, `0x${'00'.repeat(65)}`), null); // r = s = 0: no point
  });
});
