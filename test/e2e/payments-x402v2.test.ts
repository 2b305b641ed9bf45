import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { x402Client } from '@x402/core/client';
import { decodePaymentRequiredHeader, encodePaymentSignatureHeader } from '@x402/core/http';
import { ExactEvmScheme } from '@x402/evm';
import { privateKeyToAccount } from 'viem/accounts';
import { devnetClients } from '../support/devnet.js';
import { type Harness, pollJob, postJson, startHarness } from '../support/harness.js';

/**
 * x402 v2 is another format of the x402 method, not another settlement path: the same checks, the same
 * claim per signed transfer whichever header brings it, the same refusals.
 */
describe('x402 v2 payments (PAYMENT-SIGNATURE) on the devnet', () => {
  let h: Harness;
  let dev: any;
  const body = { text: 'v2' };

  /** A PAYMENT-SIGNATURE for the route's Base option, made by the x402 v2 client library. */
  async function signedV2(): Promise<{ header: string; payload: any }> {
    const unpaid = await postJson(`${h.url}/echo`, body);
    const required = decodePaymentRequiredHeader(unpaid.headers.get('payment-required')!);
    const client = new x402Client().register('eip155:8453', new ExactEvmScheme(privateKeyToAccount(dev.base.test_payer.private_key)));
    const payload = await client.createPaymentPayload(required);
    return { header: encodePaymentSignatureHeader(payload), payload };
  }
  const v1Of = (payload: any) =>
    Buffer.from(JSON.stringify({ x402Version: 1, scheme: 'exact', network: 'base', payload: payload.payload })).toString('base64');

  before(async () => {
    h = await startHarness();
    dev = await (await fetch(`${h.url}/devnet`)).json();
  });
  after(() => h.close());

  it("the 402 carries PAYMENT-REQUIRED: the body's options in v2 form, the resource and its schemas", async () => {
    const unpaid = await postJson(`${h.url}/echo`, body);
    assert.equal(unpaid.status, 402);
    assert.equal(unpaid.json.x402Version, 1, 'the v1 body is unchanged');
    const required: any = decodePaymentRequiredHeader(unpaid.headers.get('payment-required')!);
    assert.equal(required.x402Version, 2);
    assert.deepEqual(required.resource, {
      url: `${h.url}/echo`,
      description: 'Echoes its input back (test fixture)',
      mimeType: 'application/json',
      serviceName: 'vidint',
      tags: ['video', 'image', 'analysis', 'fact-check', 'ai'],
      // No iconUrl: the Bazaar lists none on a loopback address (test/e2e/bazaar.test.ts has a public one).
    });
    assert.deepEqual(
      required.accepts.map((a: any) => [a.network, a.amount, a.asset]),
      [
        ['eip155:8453', '10000', dev.base.usdc],
        ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', '10000', dev.solana.usdc_mint],
      ],
    );
    const schema = required.extensions.bazaar.schema.properties;
    assert.deepEqual(schema.input.properties.body.required, ['text']);
    assert.deepEqual(schema.output.properties.example.required, ['text', 'greeting', 'job', 'left', 'right']);
    assert.deepEqual(unpaid.json.accepts[0].outputSchema.input.body.required, ['text'], 'v1 accepts[] carry outputSchema');
  });

  it('one signed transfer is one payment whichever header brings it: charged once, one job', async () => {
    const { balanceOf } = devnetClients(h);
    const before = await balanceOf(dev.base.pay_to);
    const { header, payload } = await signedV2();
    const first = await postJson(`${h.url}/echo`, body, { 'payment-signature': header });
    assert.equal(first.status, 202, first.text);
    const again = await postJson(`${h.url}/echo`, body, { 'payment-signature': header });
    const asV1 = await postJson(`${h.url}/echo`, body, { 'x-payment': v1Of(payload) });
    assert.equal(again.json.job_id, first.json.job_id);
    assert.equal(asV1.json.job_id, first.json.job_id);
    assert.ok(asV1.headers.get('x-payment-response'), 'each answered in its own version');
    assert.equal(await balanceOf(dev.base.pay_to), before + 10_000n, 'charged once');
    const other = await postJson(`${h.url}/echo`, { text: 'another request' }, { 'payment-signature': header });
    assert.equal(other.status, 409);
    assert.equal((await pollJob(h.url, first.json.job_id)).status, 'complete');
  });

  it('refuses a forged or ambiguous v2 payment with 402, charging nothing', async () => {
    const { balanceOf } = devnetClients(h);
    const before = await balanceOf(dev.base.pay_to);
    const { header, payload } = await signedV2();
    const edit = (change: (p: any) => void) => {
      const p = structuredClone(payload);
      change(p);
      return encodePaymentSignatureHeader(p);
    };
    const cases: Array<[string, Record<string, string>, RegExp]> = [
      ['raised value', { 'payment-signature': edit((p) => (p.payload.authorization.value = '1')) }, /payment refused/],
      ['other payee', { 'payment-signature': edit((p) => (p.payload.authorization.to = dev.base.test_payer.address)) }, /payment refused/],
      ['v1 in PAYMENT-SIGNATURE', { 'payment-signature': v1Of(payload) }, /PAYMENT-SIGNATURE is malformed: x402Version 1/],
      ['other network', { 'payment-signature': edit((p) => (p.accepted.network = 'eip155:1')) }, /network 'eip155:1' is not accepted/],
      ['both headers', { 'payment-signature': header, 'x-payment': v1Of(payload) }, /not both/],
      // The signed transfer is untouched; only what the payment says it accepted differs from the offer.
      [
        'accepted amount',
        { 'payment-signature': edit((p) => (p.accepted.amount = '1')) },
        /its accepted amount \(1\) is not the route's \(10000\)/,
      ],
      ['accepted payTo', { 'payment-signature': edit((p) => (p.accepted.payTo = dev.base.test_payer.address)) }, /its accepted payTo/],
      ['accepted asset', { 'payment-signature': edit((p) => (p.accepted.asset = dev.base.test_payer.address)) }, /its accepted asset/],
      ['accepted scheme', { 'payment-signature': edit((p) => (p.accepted.scheme = 'upto')) }, /scheme 'upto' is not accepted/],
      [
        'accepted maxTimeoutSeconds',
        { 'payment-signature': edit((p) => (p.accepted.maxTimeoutSeconds += 3600)) },
        /its accepted maxTimeoutSeconds \(\d+\) is not the route's/,
      ],
      [
        'accepted extra (the token name the signature is bound to)',
        { 'payment-signature': edit((p) => (p.accepted.extra = { ...p.accepted.extra, name: 'Other Coin' })) },
        /its accepted extra \(\{.*"Other Coin".*\}\) is not the route's/,
      ],
      ['accepted extra left out', { 'payment-signature': edit((p) => delete p.accepted.extra) }, /its accepted extra/],
      [
        'resource',
        { 'payment-signature': edit((p) => (p.resource = { ...p.resource, url: 'http://elsewhere.example/echo' })) },
        /names another resource/,
      ],
    ];
    for (const [name, headers, reason] of cases) {
      const res = await postJson(`${h.url}/echo`, body, headers);
      assert.equal(res.status, 402, `${name}: ${res.text}`);
      assert.match(res.json.error, reason, name);
      assert.match(res.json.error, /Nothing was charged/, name);
      // The v2 header says the same reason as the body, refusal by refusal.
      assert.equal(decodePaymentRequiredHeader(res.headers.get('payment-required')!).error, res.json.error, name);
    }
    assert.equal(await balanceOf(dev.base.pay_to), before, 'nothing was charged');
  });
});
