import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { getBase64Decoder, getBase64Encoder, getTransactionDecoder, getTransactionEncoder } from '@solana/kit';
import { Challenge, Credential, Receipt } from 'mppx';
import { createPaymentHeader } from 'x402/client';
import { devnetClients } from '../support/devnet.js';
import { type Harness, postJson, startHarness } from '../support/harness.js';
import { mppCredential } from '../support/mpp-client.js';
import { svmClients } from '../support/svm.js';

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
const decode = (header: string) => JSON.parse(Buffer.from(header, 'base64').toString());

/**
 * An attacker who reads a settled payment off the chain (an EIP-3009 `from` and `nonce`, a Solana
 * transaction, a Tempo transaction hash) and forges a header around it, with the victim's body or a
 * guessed one, must get a 402 and learn nothing: no job id, no 409 telling what was bought.
 */
describe('forged payment headers built from a settled payment', () => {
  let h: Harness;
  let dev: any;
  const victimBody = { text: 'private purchase' };
  const post = (headers: Record<string, string>, body: unknown = victimBody) => postJson(`${h.url}/echo`, body, headers);

  before(async () => {
    h = await startHarness();
    dev = await (await fetch(`${h.url}/devnet`)).json();
  });
  after(() => h.close());

  /** The attacker's answers: a 402 that names no job, whatever body is guessed. */
  async function assertLearnsNothing(headers: Record<string, string>, victimJob: string) {
    for (const body of [victimBody, { text: 'a guess' }]) {
      const res = await post(headers, body);
      assert.equal(res.status, 402, res.text);
      assert.ok(!res.text.includes(victimJob), 'no job id');
      assert.equal(res.json.job_id, undefined);
      assert.match(res.json.error, /Nothing was charged/);
    }
  }

  it('Base: the authorization with signature 0x00 gets 402; the real payment still gets its 202', async () => {
    const requirements = (await post({})).json.accepts.find((a: any) => a.network === 'base');
    const { wallet } = devnetClients(h);
    const header = await createPaymentHeader(wallet(dev.base.test_payer.private_key), 1, requirements);
    const paid = await post({ 'x-payment': header });
    assert.equal(paid.status, 202, paid.text);
    const forged = decode(header);
    forged.payload.signature = '0x00';
    await assertLearnsNothing({ 'x-payment': encode(forged) }, paid.json.job_id);
    const onlyFromAndNonce = {
      ...forged,
      payload: { signature: '0x00', authorization: { from: forged.payload.authorization.from, nonce: forged.payload.authorization.nonce } },
    };
    await assertLearnsNothing({ 'x-payment': encode(onlyFromAndNonce) }, paid.json.job_id);
    const resend = await post({ 'x-payment': header });
    assert.equal(resend.status, 202);
    assert.equal(resend.json.job_id, paid.json.job_id);
  });

  it('Solana: the settled transaction with its signatures zeroed gets 402', async () => {
    const requirements = (await post({})).json.accepts.find((a: any) => a.network === 'solana');
    const header = await svmClients(dev.solana).pay(dev.solana.test_payer.secret_key, requirements);
    const paid = await post({ 'x-payment': header });
    assert.equal(paid.status, 202, paid.text);
    const forged = decode(header);
    const tx = getTransactionDecoder().decode(getBase64Encoder().encode(forged.payload.transaction));
    const zeroed = Object.fromEntries(Object.keys(tx.signatures).map((a) => [a, new Uint8Array(64)]));
    forged.payload.transaction = getBase64Decoder().decode(getTransactionEncoder().encode({ ...tx, signatures: zeroed } as any));
    await assertLearnsNothing({ 'x-payment': encode(forged) }, paid.json.job_id);
    const resend = await post({ 'x-payment': header });
    assert.equal(resend.json.job_id, paid.json.job_id);
  });

  it('MPP: the on-chain transaction hash under a forged challenge, or under a fresh challenge of our own, gets 402', async () => {
    const www = (await post({})).headers.get('www-authenticate')!;
    const authorization = await mppCredential({
      challenge: www,
      rpcUrl: dev.tempo.rpc_url,
      privateKey: dev.tempo.test_payer.private_key,
      mode: 'push',
    });
    const paid = await post({ authorization });
    assert.equal(paid.status, 202, paid.text);
    const hash = Receipt.deserialize(paid.headers.get('payment-receipt')!).reference as `0x${string}`;
    const fresh = Challenge.deserialize((await post({})).headers.get('www-authenticate')!);
    const forgedChallenge = { ...fresh, id: 'forged-challenge-id-000000000000000000000000' };
    for (const challenge of [forgedChallenge, fresh]) {
      await assertLearnsNothing(
        { authorization: Credential.serialize({ challenge, payload: { hash, type: 'hash' } } as any) },
        paid.json.job_id,
      );
    }
    const resend = await post({ authorization });
    assert.equal(resend.json.job_id, paid.json.job_id);
  });
});
