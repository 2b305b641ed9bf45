import assert from 'node:assert/strict';
import { request } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { Challenge, Credential } from 'mppx';
import type { Address } from 'viem';
import { createPaymentHeader } from 'x402/client';
import { devnetClients } from '../support/devnet.js';
import { type Harness, pollJob, postJson, startHarness } from '../support/harness.js';

/** A POST with a raw Host header (fetch cannot send an invalid one). */
function postWithHost(url: string, host: string, body: unknown): Promise<{ status: number; json: any }> {
  return new Promise((resolve, reject) => {
    const data = JSON.stringify(body);
    const req = request(
      url,
      { method: 'POST', headers: { host, 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } },
      (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode!, json: JSON.parse(text || 'null') }));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

describe('payment path edges', () => {
  let h: Harness;
  let dev: any;

  before(async () => {
    h = await startHarness();
    dev = await (await fetch(`${h.url}/devnet`)).json();
  });
  after(() => h.close());

  it('answers an invalid Host header with a 400 JSON error that does not echo it, not a 500 or a 402 naming it', async () => {
    const port = new URL(h.url).port;
    for (const host of [
      'exa mple.com',
      'a:b:c',
      '[::1',
      `127.0.0.1:${port}/../x`,
      `127.0.0.1:${port}?evil=1`,
      'evil.example#',
      'user@evil.example',
      // Shaped like a host, but no URL can hold it: a port over 65535, a malformed IPv6 address.
      'evil.com:99999',
      'evil.com:65536',
      '[1:2:3]',
    ]) {
      const res = await postWithHost(`${h.url}/echo`, host, { text: 'hi' });
      assert.ok(res.status === 400, `${host}: ${res.status} ${JSON.stringify(res.json)}`);
      assert.equal(res.json.error, 'the Host header is not a valid host. Nothing was charged.');
    }
    const mcp = await postWithHost(`${h.url}/mcp`, 'evil.com:99999', { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    assert.equal(mcp.status, 400, JSON.stringify(mcp.json));
    assert.equal(mcp.json.error, 'the Host header is not a valid host. Nothing was charged.');
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`, 'api.example.com']) {
      const res = await postWithHost(`${h.url}/echo`, host, { text: 'hi' });
      assert.equal(res.status, 402, `${host}: ${JSON.stringify(res.json)}`);
      assert.equal(res.json.accepts[0].resource, `http://${host}/echo`);
    }
  });

  it('refuses an MPP hash the chain does not know with a 402 that says so', async () => {
    const challenge = Challenge.deserialize((await postJson(`${h.url}/echo`, { text: 'hi' })).headers.get('www-authenticate')!);
    const hash = `0x${'ab'.repeat(32)}`;
    const res = await postJson(
      `${h.url}/echo`,
      { text: 'hi' },
      { authorization: Credential.serialize({ challenge, payload: { hash, type: 'hash' } } as any) },
    );
    assert.equal(res.status, 402, JSON.stringify(res.json));
    assert.match(res.json.error, /is not on the chain/);
    assert.match(res.json.error, /Nothing was charged/);
  });

  it('a precheck refusal after verification answers its status, charges nothing, and leaves the payment usable', async () => {
    let checked = 0;
    h.rt.precheck = async (_pipeline, body) => {
      checked++;
      return body.text === 'unreachable source' ? { refused: { status: 422, error: 'the source cannot be fetched' } } : { sources: {} };
    };
    try {
      const { wallet, balanceOf } = devnetClients(h);
      const requirements = (await postJson(`${h.url}/echo`, { text: 'x' })).json.accepts.find((a: any) => a.network === 'base');
      const payTo = dev.base.pay_to as Address;
      const before = await balanceOf(payTo);

      const forged = JSON.parse(
        Buffer.from(await createPaymentHeader(wallet(dev.base.test_payer.private_key), 1, requirements), 'base64').toString(),
      );
      forged.payload.signature = '0x00';
      const unverified = await postJson(
        `${h.url}/echo`,
        { text: 'unreachable source' },
        { 'x-payment': Buffer.from(JSON.stringify(forged)).toString('base64') },
      );
      assert.equal(unverified.status, 402, 'an unverified payment never reaches the precheck');
      assert.equal(checked, 0);

      const header = await createPaymentHeader(wallet(dev.base.test_payer.private_key), 1, requirements);
      const refused = await postJson(`${h.url}/echo`, { text: 'unreachable source' }, { 'x-payment': header });
      assert.equal(refused.status, 422);
      assert.equal(refused.json.error, 'the source cannot be fetched. Nothing was charged.');
      assert.equal(await balanceOf(payTo), before, 'nothing was charged');

      const paid = await postJson(`${h.url}/echo`, { text: 'fine source' }, { 'x-payment': header });
      assert.equal(paid.status, 202, JSON.stringify(paid.json));
      assert.equal(await balanceOf(payTo), before + 10000n);
      assert.equal((await pollJob(h.url, paid.json.job_id)).status, 'complete');
    } finally {
      h.rt.precheck = null;
    }
  });
});
