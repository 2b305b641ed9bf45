import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { x402Client } from '@x402/core/client';
import { decodePaymentRequiredHeader, encodePaymentSignatureHeader } from '@x402/core/http';
import { ExactEvmScheme } from '@x402/evm';
import { appendPaymentIdentifierToExtensions, PAYMENT_IDENTIFIER } from '@x402/extensions/payment-identifier';
import { privateKeyToAccount } from 'viem/accounts';
import { createPaymentHeader } from 'x402/client';
import { devnetClients } from '../support/devnet.js';
import { type Harness, pollJob, postJson, startHarness } from '../support/harness.js';

/**
 * x402's payment-identifier: a client that re-signs a payment for the same purchase (its first answer was lost) names
 * it with the same id, and gets the first payment's job, never a second charge, whichever way the resend comes.
 */
describe('payment identifiers (x402 payment-identifier extension)', () => {
  let h: Harness;
  let dev: any;
  let required: any;
  let payer: x402Client;
  const body = { text: 'named purchase' };
  const id = `purchase_${Date.now()}_0123456789`;

  /** A freshly signed v2 payment for the 402 (a new authorization each time), carrying `paymentId`. */
  const signedV2 = async (paymentId: string) => {
    const payload: any = await payer.createPaymentPayload(required);
    appendPaymentIdentifierToExtensions(payload.extensions, paymentId);
    return payload;
  };
  const spent = async () => devnetClients(h).balanceOf(dev.base.pay_to);

  before(async () => {
    h = await startHarness({ driver: 'bullmq' });
    dev = await (await fetch(`${h.url}/devnet`)).json();
    required = decodePaymentRequiredHeader((await postJson(`${h.url}/echo`, body)).headers.get('payment-required')!);
    payer = new x402Client().register('eip155:8453', new ExactEvmScheme(privateKeyToAccount(dev.base.test_payer.private_key)));
  });
  after(() => h.close());

  it('is declared in the 402 as optional', () => {
    assert.equal(required.extensions[PAYMENT_IDENTIFIER].info.required, false);
  });

  it('a re-signed payment with the same id and request gets the same job over v2, v1 and MCP, charged once; another request is 409', async () => {
    const before = await spent();
    const first = await postJson(`${h.url}/echo`, body, { 'payment-signature': encodePaymentSignatureHeader(await signedV2(id)) });
    assert.equal(first.status, 202, first.text);
    const jobId = first.json.job_id;

    const again = await postJson(`${h.url}/echo`, body, { 'payment-signature': encodePaymentSignatureHeader(await signedV2(id)) });
    assert.equal(again.status, 202, again.text);
    assert.equal(again.json.job_id, jobId);
    assert.ok(again.headers.get('payment-response'), 'the first settlement, restated');

    // x402 v1: a new authorization, the same id in the payload's extensions.
    const accepts = (await postJson(`${h.url}/echo`, body)).json.accepts;
    const wallet = devnetClients(h).wallet(dev.base.test_payer.private_key);
    const v1 = JSON.parse(
      Buffer.from(
        await createPaymentHeader(
          wallet,
          1,
          accepts.find((a: any) => a.network === 'base'),
        ),
        'base64',
      ).toString(),
    );
    v1.extensions = { [PAYMENT_IDENTIFIER]: { info: { required: false, id } } };
    const overV1 = await postJson(`${h.url}/echo`, body, { 'x-payment': Buffer.from(JSON.stringify(v1)).toString('base64') });
    assert.equal(overV1.status, 202, overV1.text);
    assert.equal(overV1.json.job_id, jobId);

    const mcp = new Client({ name: 'agent', version: '1.0.0' });
    await mcp.connect(new StreamableHTTPClientTransport(new URL(`${h.url}/mcp`)));
    try {
      const overMcp: any = await mcp.callTool({ name: 'echo', arguments: body, _meta: { 'x402/payment': await signedV2(id) } });
      assert.equal(overMcp.structuredContent?.job_id, jobId, JSON.stringify(overMcp));
    } finally {
      await mcp.close();
    }

    const other = await postJson(
      `${h.url}/echo`,
      { text: 'another purchase' },
      { 'payment-signature': encodePaymentSignatureHeader(await signedV2(id)) },
    );
    assert.equal(other.status, 409, other.text);
    assert.match(other.json.error, /payment identifier was already used for a different request/);
    assert.equal(await spent(), before + 10_000n, 'charged once');
    assert.equal((await pollJob(h.url, jobId)).status, 'complete');
  });

  it('a malformed id is refused before anything is charged', async () => {
    const before = await spent();
    const payload: any = await payer.createPaymentPayload(required);
    payload.extensions[PAYMENT_IDENTIFIER].info.id = 'short'; // the client helper would refuse to write it
    const res = await postJson(`${h.url}/echo`, body, { 'payment-signature': encodePaymentSignatureHeader(payload) });
    assert.equal(res.status, 402, res.text);
    assert.match(res.json.error, /payment-identifier extension is invalid/);
    assert.equal(await spent(), before);
  });
});
