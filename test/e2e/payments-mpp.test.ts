import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { Challenge, Receipt } from 'mppx';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { type Driver, type Harness, pollJob, postJson, startHarness } from '../support/harness.js';
import { mppCredential, tempoBalance } from '../support/mpp-client.js';
import { assertResendsSettleOnce } from '../support/resends.js';

/** MPP on the devnet's Tempo node: the mppx server verifies and settles; the chain shows what was charged. */
for (const driver of ['memory', 'bullmq'] as Driver[])
  describe(`MPP payments on tempo (devnet, ${driver} driver)`, () => {
    let h: Harness;
    let dev: any;
    const balance = (account: `0x${string}`) => tempoBalance(dev.tempo.rpc_url, dev.tempo.chain_id, dev.tempo.currency, account);
    /** A fresh 402 challenge for /echo, and a credential answering it. */
    const challenge = async (body: unknown = { text: 'paid' }) => (await postJson(`${h.url}/echo`, body)).headers.get('www-authenticate')!;
    const credential = async (mode: 'pull' | 'push', tamper: Partial<Parameters<typeof mppCredential>[0]> = {}) =>
      mppCredential({
        challenge: await challenge(),
        rpcUrl: dev.tempo.rpc_url,
        privateKey: dev.tempo.test_payer.private_key,
        mode,
        ...tamper,
      });
    const pay = (authorization: string, body: unknown = { text: 'paid' }, extra: Record<string, string> = {}) =>
      postJson(`${h.url}/echo`, body, { authorization, ...extra });

    before(async () => {
      h = await startHarness({ driver });
      dev = await (await fetch(`${h.url}/devnet`)).json();
    });
    after(() => h.close());

    it('answers an unpaid request with the x402 body and an MPP challenge for the exact price', async () => {
      const res = await postJson(`${h.url}/echo`, { text: 'paid' });
      assert.equal(res.status, 402);
      assert.equal(res.json.x402Version, 1);
      assert.match(res.json.error, /Authorization: Payment/);
      const www = res.headers.get('www-authenticate')!;
      assert.match(www, /^Payment /);
      const c: any = Challenge.deserialize(www);
      assert.equal(c.method, 'tempo');
      assert.equal(c.intent, 'charge');
      assert.equal(c.request.amount, '10000');
      assert.equal(c.request.currency.toLowerCase(), dev.tempo.currency.toLowerCase());
      assert.equal(c.request.recipient, dev.tempo.pay_to);
      assert.equal(c.request.methodDetails.chainId, dev.tempo.chain_id);
    });

    for (const mode of ['pull', 'push'] as const) {
      it(`settles a ${mode} credential before the 202: the recipient gains exactly the price, the job carries the receipt`, async () => {
        const before = await balance(dev.tempo.pay_to);
        const res = await pay(await credential(mode), { text: 'paid' }, { 'x-affiliate-id': 'mpp-agent' });
        assert.equal(res.status, 202, res.text);
        assert.equal(await balance(dev.tempo.pay_to), before + 10000n);
        const receipt = Receipt.deserialize(res.headers.get('payment-receipt')!);
        assert.equal(receipt.status, 'success');
        assert.match(receipt.reference, /^0x[0-9a-f]{64}$/);
        assert.equal(res.headers.get('x-payment-response'), null);
        const job = await pollJob(h.url, res.json.job_id);
        assert.equal(job.status, 'complete');
        assert.equal(job.result.greeting, 'hello paid');
        assert.equal(job.receipt.network, 'tempo');
        assert.equal(job.receipt.transaction, receipt.reference);
        assert.equal(job.receipt.amount, '10000');
        assert.equal(job.receipt.payer.toLowerCase(), dev.tempo.test_payer.address.toLowerCase());
        assert.equal(job.receipt.affiliate_id, 'mpp-agent');
        assert.equal(job.cost_usd, 0.01);
      });
    }

    it('settles a credential sent 50 times at once exactly once, for one job; a later resend gets the same 202', async () => {
      const auth = await credential('pull');
      await assertResendsSettleOnce(
        () => pay(auth, { text: 'race' }),
        () => balance(dev.tempo.pay_to),
        10000n,
      );
    });

    it('refuses a used credential for a different request with 409', async () => {
      const auth = await credential('push');
      assert.equal((await pay(auth, { text: 'first' })).status, 202);
      const other = await pay(auth, { text: 'second' });
      assert.equal(other.status, 409);
      assert.match(other.json.error, /already used for a different request/);
    });
  });

describe('MPP refusals (devnet)', () => {
  let h: Harness;
  let dev: any;
  before(async () => {
    h = await startHarness();
    dev = await (await fetch(`${h.url}/devnet`)).json();
  });
  after(() => h.close());

  it('refuses bad credentials with 402, a reason and a fresh challenge, charging nothing', async () => {
    const www = (await postJson(`${h.url}/echo`, { text: 'paid' })).headers.get('www-authenticate')!;
    const cred = (tamper: Record<string, unknown> = {}, mode: 'pull' | 'push' = 'pull') =>
      mppCredential({ challenge: www, rpcUrl: dev.tempo.rpc_url, privateKey: dev.tempo.test_payer.private_key, mode, ...tamper });
    const stranger = privateKeyToAccount(generatePrivateKey()).address;
    const other = (await postJson(`${h.url}/slow`, { seconds: 1 })).headers.get('www-authenticate')!;
    const cases: Array<[string, string, RegExp]> = [
      ['malformed', 'Payment not-a-credential', /credential is malformed/],
      ['too little', await cred({ amount: 9999n }), /payment could not be settled|refused/i],
      ['wrong recipient', await cred({ recipient: stranger }), /payment could not be settled|refused/i],
      ['wrong token', await cred({ currency: '0x20c0000000000000000000000000000000000001' }), /payment could not be settled|refused/i],
      ['memo bound to another challenge', await cred({ memoChallengeId: 'another-challenge' }), /payment could not be settled|refused/i],
      ['push: transfer to someone else', await cred({ recipient: stranger }, 'push'), /payment could not be settled|refused/i],
      [
        'no funds',
        await mppCredential({ challenge: www, rpcUrl: dev.tempo.rpc_url, privateKey: generatePrivateKey(), mode: 'pull' }).catch(
          () => 'Payment eyJ9',
        ),
        /could not be settled|malformed|refused/i,
      ],
      [
        'challenge of another route',
        await mppCredential({ challenge: other, rpcUrl: dev.tempo.rpc_url, privateKey: dev.tempo.test_payer.private_key, mode: 'pull' }),
        /could not be settled|refused/i,
      ],
    ];
    const before = await tempoBalance(dev.tempo.rpc_url, dev.tempo.chain_id, dev.tempo.currency, dev.tempo.pay_to);
    for (const [name, authorization, reason] of cases) {
      const res = await postJson(`${h.url}/echo`, { text: 'paid' }, { authorization });
      assert.equal(res.status, 402, `${name}: ${res.text}`);
      assert.match(res.json.error, reason, `${name}: ${res.json.error}`);
      assert.match(res.json.error, /Nothing was charged/, name);
      assert.match(res.headers.get('www-authenticate') ?? '', /^Payment /, name);
    }
    assert.equal(
      await tempoBalance(dev.tempo.rpc_url, dev.tempo.chain_id, dev.tempo.currency, dev.tempo.pay_to),
      before,
      'nothing was charged',
    );
  });

  it('refuses a request carrying both an x402 payment and an MPP credential', async () => {
    const res = await postJson(`${h.url}/echo`, { text: 'paid' }, { authorization: 'Payment abc', 'x-payment': 'abc' });
    assert.equal(res.status, 402);
    assert.match(res.json.error, /not both/);
  });

  it('answers malformed Authorization: Payment headers (fuzz) with a 4xx JSON error, never a crash', async () => {
    const base64Json = fc.jsonValue().map((v) => Buffer.from(JSON.stringify(v)).toString('base64url'));
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string({ maxLength: 200 }), fc.base64String({ maxLength: 400 }), base64Json), async (value) => {
        if (!/^[\x21-\x7e][\x20-\x7e]*$/.test(value)) return;
        const res = await postJson(`${h.url}/echo`, { text: 'fuzz' }, { authorization: `Payment ${value}` });
        assert.ok(res.status >= 400 && res.status < 500, `${res.status} for ${value}: ${res.text}`);
        assert.equal(typeof res.json?.error, 'string');
      }),
      { numRuns: 100 },
    );
  });
});
