import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { compileErrors, validate } from '@readme/openapi-parser';
import { escapeHtml } from '../../src/discovery/landing-page.js';
import { type Harness, startHarness } from '../support/harness.js';

const FIXTURE_PATHS = ['/broken-result', '/echo', '/failing', '/planned', '/slow'];

describe('discovery documents generated from the loaded pipelines', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(() => h.close());

  const get = async (p: string) => {
    const res = await fetch(`${h.url}${p}`);
    return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
  };

  it('/openapi.json is valid OpenAPI 3.1.0 with every paid operation, its price and its result schema', async () => {
    const res = await get('/openapi.json');
    assert.equal(res.status, 200);
    assert.match(res.type, /application\/json/);
    const doc = JSON.parse(res.text);
    const result = await validate(structuredClone(doc));
    assert.equal(result.valid, true, result.valid ? '' : compileErrors(result));
    assert.equal(doc.openapi, '3.1.0');
    assert.equal(doc.info.version, '1.0.0');
    assert.equal(doc.servers[0].url, h.url);
    assert.deepEqual(Object.keys(doc.paths).sort(), [...FIXTURE_PATHS, '/jobs/{id}'].sort());
    const echo = doc.paths['/echo'].post;
    assert.equal(echo.requestBody.content['application/json'].schema.required[0], 'text');
    assert.deepEqual(Object.keys(echo.responses).sort(), ['202', '400', '402', '405', '413', '415', '500']);
    assert.equal(echo['x-payment-info'].amount, '10000');
    assert.equal(echo['x-payment-info'].price_usd, '0.01');
    assert.deepEqual(echo['x-payment-info'].networks, ['base', 'solana']);
    assert.equal(echo['x-payment-info'].accepts[0].payTo, '0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
    assert.equal(echo['x-result-schema'].$ref, '#/components/schemas/EchoResult');
    assert.ok(doc.components.schemas.EchoResult.properties.greeting);
    const planned = doc.paths['/planned'].post;
    assert.equal(planned['x-status'], 'planned');
    assert.ok(planned.responses['501']);
    assert.equal(planned['x-payment-info'].amount, '250000');
    assert.ok(doc.paths['/jobs/{id}'].get.responses['404']);
  });

  it('/.well-known/x402 lists networks and exact atomic prices from the running config', async () => {
    const res = await get('/.well-known/x402');
    assert.equal(res.status, 200);
    const m = JSON.parse(res.text);
    assert.equal(m.x402Version, 1);
    assert.deepEqual(m.networks.map((n: any) => n.network), ['base', 'solana']);
    const byPath = Object.fromEntries(m.endpoints.map((e: any) => [e.path, e]));
    assert.deepEqual(Object.keys(byPath).sort(), FIXTURE_PATHS);
    assert.equal(byPath['/echo'].amount, '10000');
    assert.equal(byPath['/planned'].amount, '250000');
    assert.equal(byPath['/planned'].status, 'planned');
    assert.equal(byPath['/echo'].accepts[0].maxAmountRequired, '10000');
    assert.equal(byPath['/echo'].accepts[0].resource, `${h.url}/echo`);
  });

  it('/llms.txt and the landing page list every endpoint with its price', async () => {
    const llms = await get('/llms.txt');
    assert.equal(llms.status, 200);
    assert.match(llms.type, /text\/plain/);
    const page = await get('/');
    assert.equal(page.status, 200);
    assert.match(page.type, /text\/html/);
    for (const p of FIXTURE_PATHS) {
      assert.ok(llms.text.includes(`POST ${h.url}${p}:`), `llms.txt lists ${p}`);
      assert.ok(page.text.includes(`<code>POST ${p}</code>`), `landing page lists ${p}`);
    }
    assert.match(llms.text, /\/planned: .*\$0\.25 per call \(250000 atomic USDC\).*NOT AVAILABLE YET/);
    assert.match(page.text, /<td class="num">\$0\.01<\/td>/);
    assert.match(page.text, /curl -si -X POST http:\/\/127\.0\.0\.1:\d+\/broken-result/);
    for (const doc of ['/openapi.json', '/.well-known/x402', '/llms.txt', '/agents.json', '/.well-known/ai-plugin.json']) {
      assert.ok(page.text.includes(`href="${h.url}${doc}"`), `landing page links ${doc}`);
      assert.equal((await get(doc)).status, 200, `${doc} answers`);
    }
  });

  it('/agents.json and /.well-known/ai-plugin.json point at this server', async () => {
    const agents = JSON.parse((await get('/agents.json')).text);
    assert.equal(agents.url, h.url);
    assert.deepEqual(agents.skills.map((s: any) => s.path).sort(), [...FIXTURE_PATHS, '/jobs/{id}'].sort());
    assert.equal(agents.skills.find((s: any) => s.path === '/echo').price.amount, '10000');
    const plugin = JSON.parse((await get('/.well-known/ai-plugin.json')).text);
    assert.equal(plugin.schema_version, 'v1');
    assert.deepEqual(plugin.api, { type: 'openapi', url: `${h.url}/openapi.json` });
  });
});

describe('the landing page with hostile pipeline text', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostile-'));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('escapes it', async () => {
    assert.equal(escapeHtml(`<a href="x">'&'</a>`), '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    fs.writeFileSync(
      path.join(dir, 'x.yaml'),
      'path: /x\nsummary: "<script>alert(1)</script>"\nstatus: planned\nprice_usd: "1"\nestimated_seconds: 1\nrequest: { type: object }\n',
    );
    const h = await startHarness({ env: { PIPELINES_DIR: dir } });
    try {
      const html = await (await fetch(`${h.url}/`)).text();
      assert.equal(html.includes('<script>'), false);
      assert.ok(html.includes('&lt;script&gt;alert(1)&lt;/script&gt;'));
    } finally {
      await h.close();
    }
  });
});

describe('the OpenAPI description of the shipped pipelines', () => {
  it('is valid and lists the eight endpoints of the spec with their prices', async () => {
    const h = await startHarness({ env: { PIPELINES_DIR: path.resolve('pipelines') } });
    try {
      const doc: any = await (await fetch(`${h.url}/openapi.json`)).json();
      const result = await validate(structuredClone(doc));
      assert.equal(result.valid, true, result.valid ? '' : compileErrors(result));
      const prices = Object.fromEntries(Object.entries(doc.paths).filter(([p]) => p !== '/jobs/{id}').map(([p, o]: [string, any]) => [p, o.post['x-payment-info'].amount]));
      assert.deepEqual(prices, {
        '/ad-debunk': '150000',
        '/analyze': '100000',
        '/hair-formula': '500000',
        '/menu-from-maps': '500000',
        '/pfp': '500000',
        '/product-id': '250000',
        '/scan-style': '500000',
        '/verify': '150000',
      });
      assert.deepEqual(Object.keys(doc.components.schemas.AnalyzeResult.properties).slice(0, 7), ['title', 'duration', 'transcript', 'topics', 'sentiment', 'scenes', 'key_moments']);
    } finally {
      await h.close();
    }
  });
});
