import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { secp256k1 } from '@noble/curves/secp256k1';
import { type Hex, keccak256, recoverAddress, toHex } from 'viem';
import { generatePrivateKey, privateKeyToAccount, sign } from 'viem/accounts';
import { recoverSignaturesNatively } from './native-recovery.js';

const pureRecover = secp256k1.Signature.prototype.recoverPublicKey;

describe("viem's signature recovery, routed to libsecp256k1", () => {
  it('is the recovery viem runs, and names the same signer noble does for 200 signatures', async () => {
    const keys = Array.from({ length: 20 }, () => generatePrivateKey());
    const cases: { hash: Hex; signature: Hex; address: string }[] = [];
    for (let i = 0; i < 200; i++) {
      const key = keys[i % keys.length];
      const hash = keccak256(toHex(`authorization ${i}`));
      cases.push({ hash, signature: await sign({ hash, privateKey: key, to: 'hex' }), address: privateKeyToAccount(key).address });
    }
    recoverSignaturesNatively();
    assert.notEqual(secp256k1.Signature.prototype.recoverPublicKey, pureRecover, 'the one noble instance viem imports is patched');
    // Counted through the prototype viem's noble instance uses: proves viem reaches the native recovery.
    const patched = secp256k1.Signature.prototype.recoverPublicKey;
    let calls = 0;
    secp256k1.Signature.prototype.recoverPublicKey = function (this: InstanceType<typeof secp256k1.Signature>, h: Hex) {
      calls++;
      return patched.call(this, h);
    };
    try {
      for (const c of cases) assert.equal(await recoverAddress({ hash: c.hash, signature: c.signature }), c.address);
    } finally {
      secp256k1.Signature.prototype.recoverPublicKey = patched;
    }
    assert.equal(calls, cases.length);
  });

  it('names someone else for another digest, and fails where there is no key', async () => {
    recoverSignaturesNatively();
    const key = generatePrivateKey();
    const hash = keccak256(toHex('paid'));
    const signature = await sign({ hash, privateKey: key, to: 'hex' });
    assert.notEqual(await recoverAddress({ hash: keccak256(toHex('other')), signature }), privateKeyToAccount(key).address);
    await assert.rejects(recoverAddress({ hash, signature: `0x${'00'.repeat(64)}1b` })); // r = s = 0: no key
  });
});
