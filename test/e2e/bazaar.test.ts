import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { decodePaymentRequiredHeader, decodePaymentSignatureHeader } from '@x402/core/http';
import { ExactEvmScheme } from '@x402/evm';
import { isValidIconUrl, isValidServiceName, sanitizeTags, validateDiscoveryExtension } from '@x402/extensions/bazaar';
import { wrapFetchWithPaymentFromConfig } from '@x402/fetch';
import { Ajv } from 'ajv';
import { privateKeyToAccount } from 'viem/accounts';
import { type Harness, postJson, ROOT, startHarness } from '../support/harness.js';

/** The x402 Bazaar lists a route from its 402: each shipped route's listing is valid by the package's own validator. */
describe('the Bazaar listing of every shipped route', () => {
  let h: Harness;
  let routes: Array<{ path: string; example: unknown }>;

  before(async () => {
    // A public name, as in production: the icon of a loopback address is (rightly) not listed.
    h = await startHarness({ env: { PIPELINES_DIR: path.join(ROOT, 'pipelines'), PUBLIC_BASE_URL: 'https://vidint.example' } });
    routes = h.rt.pipelines.all().map((p) => ({ path: p.path, example: p.example.request }));
  });
  after(() => h.close());

  it('validates, with the service name, tags and icon, an example body the route accepts and an example result', async () => {
    assert.equal(routes.length, 8);
    for (const { path: route, example } of routes) {
      const unpaid = await postJson(`${h.url}${route}`, example);
      assert.equal(unpaid.status, 402, `${route}: ${unpaid.text}`);
      const required: any = decodePaymentRequiredHeader(unpaid.headers.get('payment-required')!);
      const { serviceName, tags, iconUrl } = required.resource;
      assert.ok(isValidServiceName(serviceName) && isValidIconUrl(iconUrl), `${route}: ${JSON.stringify(required.resource)}`);
      assert.deepEqual(sanitizeTags(tags), tags);
      assert.equal(iconUrl, 'https://vidint.example/favicon.svg');
      const bazaar = required.extensions.bazaar;
      assert.deepEqual(validateDiscoveryExtension(bazaar), { valid: true }, route);
      assert.deepEqual(bazaar.info.input.body, example, `${route}: the example body is the one the route accepted above`);
      assert.equal(bazaar.info.input.method, 'POST');
      assert.ok(bazaar.info.output?.example, `${route} lists an example result`);
      const icon = await fetch(`${h.url}/favicon.svg`);
      assert.equal(icon.status, 200);
    }
  });

  it("keeps a payment's echo of the listing within a request header's limits", async () => {
    for (const { path: route, example } of routes) {
      const unpaid = await postJson(`${h.url}${route}`, example);
      assert.ok(unpaid.headers.get('payment-required')!.length < 10_000, route);
    }
  });
});

/** A stock v2 client (@x402/fetch) echoes the 402's extensions in its payment, as directories require for a listing. */
describe('a stock v2 payment echoes the Bazaar extension', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(() => h.close());

  it('sends back the bazaar extension it was offered, and is settled', async () => {
    const dev: any = await (await fetch(`${h.url}/devnet`)).json();
    const sent: string[] = [];
    const recording: typeof fetch = async (input, init) => {
      const signature = new Headers((input instanceof Request ? input.headers : init?.headers) ?? {}).get('payment-signature');
      if (signature) sent.push(signature);
      return fetch(input, init);
    };
    const pay = wrapFetchWithPaymentFromConfig(recording, {
      schemes: [{ network: 'eip155:8453', client: new ExactEvmScheme(privateKeyToAccount(dev.base.test_payer.private_key)) }],
    });
    const body = { text: 'listed' };
    const offered: any = decodePaymentRequiredHeader((await postJson(`${h.url}/echo`, body)).headers.get('payment-required')!);
    const res = await pay(`${h.url}/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    assert.equal(res.status, 202, await res.clone().text());
    assert.equal(sent.length, 1);
    const payload: any = decodePaymentSignatureHeader(sent[0]);
    assert.deepEqual(payload.extensions?.bazaar, offered.extensions.bazaar);
    // The echoed example body is a request of the route.
    const validate = new Ajv({ strict: false }).compile(offered.extensions.bazaar.schema.properties.input.properties.body);
    assert.ok(validate(payload.extensions.bazaar.info.input.body));
  });
});
