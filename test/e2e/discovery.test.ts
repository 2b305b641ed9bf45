import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { validatePaymentRequiredDetailed } from '@agentcash/discovery';
import { compileErrors, validate } from '@readme/openapi-parser';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { validate as validateDiscoveryDocument } from 'mppx/discovery';
import { type Harness, ROOT, startHarness } from '../support/harness.js';

const execFileAsync = promisify(execFile);

const FIXTURE_PATHS = ['/broken-result', '/degraded', '/echo', '/failing', '/planned', '/slow'];

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
    assert.deepEqual(Object.keys(doc.paths).sort(), [...FIXTURE_PATHS, '/jobs/{id}', '/jobs/{id}/events'].sort());
    const echo = doc.paths['/echo'].post;
    assert.equal(echo.requestBody.content['application/json'].schema.required[0], 'text');
    assert.deepEqual(Object.keys(echo.responses).sort(), ['202', '400', '402', '405', '409', '413', '415', '422', '500', '503']);
    assert.deepEqual(echo.responses['402'].content['application/json'].schema, { $ref: '#/components/schemas/PaymentRequired' });
    assert.deepEqual(echo['x-payment-info'].price, { mode: 'fixed', currency: 'USD', amount: '0.01' });
    assert.deepEqual(echo['x-payment-info'].protocols[0], { x402: {} });
    assert.deepEqual(Object.keys(echo['x-payment-info'].protocols[1].mpp), ['method', 'intent', 'currency']);
    assert.deepEqual(echo.security, [], 'no API key: payment is declared apart from security');
    assert.deepEqual(doc.paths['/jobs/{id}'].get.security, []);
    assert.equal(doc.info.contact.url, `${h.url}/`);
    assert.match(doc.info['x-guidance'], /402.*202.*GET \/jobs\/\{id\}/);
    assert.ok(echo.responses['402'].headers['WWW-Authenticate'], 'the 402 documents the MPP challenge header');
    assert.ok(echo.parameters.some((p: any) => p.name === 'Authorization'));
    assert.equal(echo['x-payment-info'].amount, '10000');
    assert.equal(echo['x-payment-info'].price_usd, '0.01');
    assert.deepEqual(echo['x-payment-info'].networks, ['base', 'solana', 'tempo']);
    assert.equal(echo['x-payment-info'].accepts[0].payTo, '0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
    assert.equal(echo['x-result-schema'].$ref, '#/components/schemas/EchoResult');
    assert.ok(doc.components.schemas.EchoResult.properties.greeting);
    const planned = doc.paths['/planned'].post;
    assert.equal(planned['x-status'], 'planned');
    assert.ok(planned.responses['501']);
    assert.deepEqual(planned.tags, ['planned']);
    assert.match(planned.description, /Not available yet/);
    assert.equal(echo.responses['501'], undefined);
    assert.equal(planned['x-payment-info'].amount, '250000');
    assert.ok(doc.paths['/jobs/{id}'].get.responses['404']);
    const callback = echo.callbacks.jobFinished['{$request.body#/callback_url}'].post;
    assert.deepEqual(callback.requestBody.content['application/json'].schema, { $ref: '#/components/schemas/Job' });
    assert.ok(callback.parameters.some((p: any) => p.name === 'X-Vidint-Signature'));
    assert.equal(doc.paths['/degraded'].post.callbacks, undefined, 'no callback_url in its request, no callback');
    assert.ok(doc.paths['/jobs/{id}/events'].get.responses['200'].content['text/event-stream']);
    assert.ok(doc.components.schemas.Job.properties.result.anyOf.some((s: any) => s.$ref === '#/components/schemas/EchoResult'));
  });

  it("/openapi.json of the shipped endpoints passes Redocly's recommended rules with no error or warning", async () => {
    const shipped = await startHarness({ env: { PIPELINES_DIR: path.join(ROOT, 'pipelines') } });
    try {
      const source = await (await fetch(`${shipped.url}/openapi.json`)).text();
      const config = await createConfig({ extends: ['recommended'] });
      const problems = await lintFromString({ source, absoluteRef: 'openapi.json', config });
      assert.deepEqual(
        problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`),
        [],
      );
      assert.equal(JSON.parse(source).info.license.url, `${shipped.url}/`);
    } finally {
      await shipped.close();
    }
  });

  it('/.well-known/x402 lists networks and exact atomic prices from the running config', async () => {
    const res = await get('/.well-known/x402');
    assert.equal(res.status, 200);
    assert.match(res.type, /application\/json/);
    const m = JSON.parse(res.text);
    assert.equal(m.version, 1);
    assert.deepEqual(
      m.resources.sort(),
      FIXTURE_PATHS.filter((p) => p !== '/planned').map((p) => `${h.url}${p}`),
      'every available paid route',
    );
    assert.equal(m.x402Version, 1);
    assert.deepEqual(
      m.networks.map((n: any) => [n.network, n.protocol]),
      [
        ['base', 'x402'],
        ['solana', 'x402'],
        ['tempo', 'mpp'],
      ],
    );
    assert.equal(m.networks[2].chainId, 42431);
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
    assert.match(llms.text, /callback_url.*X-Vidint-Signature.*callback_secret/);
    assert.match(llms.text, /GET \/jobs\/\{job_id\}\/events/);
    assert.match(llms.text, /JOB_RETENTION_SECONDS/);
    assert.ok(llms.text.includes(`${h.url}/mcp`), 'llms.txt names the MCP endpoint');
    assert.match(llms.text, /\/planned: .*\$0\.25 per call \(250000 atomic USDC\).*NOT AVAILABLE YET/);
    assert.match(page.text, /<td class="num">\$0\.01<\/td>/);
    assert.match(page.text, /<code>POST \/planned<\/code>.*<td class="num">\$0\.25<\/td>.*coming soon/);
    assert.doesNotMatch(page.text, /<code>POST \/echo<\/code>.*coming soon/);
    assert.doesNotMatch(page.text, /<script|<link|src="http/, 'no scripts or external assets');
    assert.match(page.text, /curl -si -X POST http:\/\/127\.0\.0\.1:\d+\/broken-result/);
    for (const doc of ['/openapi.json', '/.well-known/x402', '/llms.txt', '/agents.json', '/.well-known/ai-plugin.json']) {
      assert.ok(page.text.includes(`href="${h.url}${doc}"`), `landing page links ${doc}`);
      assert.equal((await get(doc)).status, 200, `${doc} answers`);
    }
  });

  it('/agents.json and /.well-known/ai-plugin.json point at this server', async () => {
    const agentsRes = await get('/agents.json');
    assert.equal(agentsRes.status, 200);
    assert.match(agentsRes.type, /application\/json/);
    const agents = JSON.parse(agentsRes.text);
    assert.equal(agents.url, h.url);
    assert.deepEqual(agents.skills.map((s: any) => s.path).sort(), [...FIXTURE_PATHS, '/jobs/{id}'].sort());
    assert.equal(agents.skills.find((s: any) => s.path === '/echo').price.amount, '10000');
    assert.equal(agents.skills.find((s: any) => s.path === '/planned').available, false);
    assert.equal(agents.skills.find((s: any) => s.path === '/jobs/{id}').method, 'GET');
    assert.deepEqual(agents.authentication.protocols, ['x402', 'mpp']);
    assert.match(agents.authentication.description, /X-PAYMENT.*Authorization: Payment/);
    const pluginRes = await get('/.well-known/ai-plugin.json');
    assert.equal(pluginRes.status, 200);
    assert.match(pluginRes.type, /application\/json/);
    const plugin = JSON.parse(pluginRes.text);
    assert.equal(plugin.schema_version, 'v1');
    assert.deepEqual(plugin.api, { type: 'openapi', url: `${h.url}/openapi.json` });
    assert.deepEqual(plugin.auth, { type: 'none' });
    for (const p of FIXTURE_PATHS) assert.ok(plugin.description_for_model.includes(`POST ${p} `), `ai-plugin describes ${p}`);
    assert.match(plugin.description_for_model, /POST \/planned \(\$0\.25, not available yet\)/);
    assert.match(plugin.description_for_model, /X-PAYMENT.*Authorization: Payment/, 'both protocols');
  });

  it('serves its icon as /favicon.ico (an ICO holding a PNG) and /favicon.svg', async () => {
    const ico = await fetch(`${h.url}/favicon.ico`);
    assert.equal(ico.status, 200);
    assert.equal(ico.headers.get('content-type'), 'image/x-icon');
    const bytes = Buffer.from(await ico.arrayBuffer());
    assert.deepEqual([...bytes.subarray(0, 6)], [0, 0, 1, 0, 1, 0], 'ICO header, one image');
    assert.equal(bytes.subarray(22, 26).toString('latin1'), '\x89PNG');
    const svg = await fetch(`${h.url}/favicon.svg`);
    assert.equal(svg.status, 200);
    assert.match(await svg.text(), /^<svg /);
  });

  it('passes the directory checker (agentcash discovery, behind x402scan and mppscan) with no warning', async () => {
    const cli = path.resolve('node_modules/@agentcash/discovery/bin/discovery.js');
    const { stdout } = await execFileAsync(process.execPath, [cli, 'discover', h.url, '--json'], { timeout: 60_000 });
    const report = JSON.parse(stdout);
    assert.equal(report.ok, true);
    assert.deepEqual(report.warnings, []);
    const paid = report.resources.filter((r: any) => r.authHint === 'paid').map((r: any) => r.path);
    assert.deepEqual(paid.sort(), FIXTURE_PATHS);
    assert.equal(report.resources.find((r: any) => r.path === '/jobs/{id}').authHint, 'unprotected');
    const check = await execFileAsync(process.execPath, [cli, 'check', `${h.url}/echo`, '--json'], { timeout: 60_000 });
    const endpoint = JSON.parse(check.stdout);
    assert.deepEqual(endpoint.warnings, []);
    assert.deepEqual(endpoint.advisories[0].protocols, ['x402', 'mpp']);
    assert.equal(endpoint.advisories[0].estimatedPrice, '0.01 USD');
  });

  it("passes mppx's discovery validator with no error or warning, its x-service-info naming the documents", async () => {
    const doc: any = await (await fetch(`${h.url}/openapi.json`)).json();
    assert.deepEqual(validateDiscoveryDocument(doc), []);
    assert.equal(doc['x-service-info'].docs.llms, `${h.url}/llms.txt`);
    for (const p of FIXTURE_PATHS) assert.ok(doc.paths[p].post['x-payment-info'].price, p);
  });

  it('its live 402 passes x402scan\'s validator: PAYMENT-REQUIRED (v2) with no issue, the v1 body with only "v1"', async () => {
    const res = await fetch(`${h.url}/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"text":"hi"}' });
    assert.equal(res.status, 402);
    const v2 = validatePaymentRequiredDetailed(JSON.parse(Buffer.from(res.headers.get('payment-required')!, 'base64').toString()));
    assert.deepEqual(v2.issues, []);
    assert.equal(v2.valid, true);
    assert.deepEqual([v2.normalized?.hasInputSchema, v2.normalized?.hasOutputSchema], [true, true]);
    // The v1 body keeps the spec's shape; its only remark is that it is v1 (agentcash pays v2).
    const v1 = validatePaymentRequiredDetailed(await res.json());
    assert.deepEqual(
      v1.issues.map((i) => i.code),
      ['X402_VERSION_V1_NOT_SUPPORTED'],
    );
  });
});

describe('the landing page with hostile pipeline text', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostile-'));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('escapes it', async () => {
    fs.writeFileSync(
      path.join(dir, 'x.yaml'),
      'path: /x\nsummary: "<script>alert(1)</script>"\nstatus: planned\nprice_usd: "1"\nestimated_seconds: 1\nrequest: { type: object }\n',
    );
    const h = await startHarness({ env: { PIPELINES_DIR: dir } });
    try {
      const html = await (await fetch(`${h.url}/`)).text();
      assert.equal(html.includes('<script>'), false);
      assert.ok(html.includes('&lt;script&gt;alert(1)&lt;/script&gt;'));
      // The other documents carry the text as data, and stay valid with no result schema declared anywhere.
      const doc: any = await (await fetch(`${h.url}/openapi.json`)).json();
      const result = await validate(structuredClone(doc));
      assert.equal(result.valid, true, result.valid ? '' : compileErrors(result));
      assert.equal(doc.paths['/x'].post.summary, '<script>alert(1)</script>');
      assert.doesNotMatch(
        JSON.stringify(doc),
        /"(anyOf|oneOf|allOf)":\[\]/,
        'no empty anyOf (invalid JSON Schema) when no result schema exists',
      );
      const llms = await (await fetch(`${h.url}/llms.txt`)).text();
      assert.match(llms, /\/x: <script>alert\(1\)<\/script>\. \$1 per call \(1000000 atomic USDC\)/);
    } finally {
      await h.close();
    }
  });
});

describe('the OpenAPI description of schemas with $id, $defs and awkward names', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'odd-'));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('embeds them validly, and a new YAML file appears in every document', async () => {
    fs.writeFileSync(
      path.join(dir, 'odd name.v2.yaml'),
      [
        'path: /odd',
        'summary: "Odd </td> & \\"quotes\\""',
        'price_usd: "0.000001"',
        'estimated_seconds: 3',
        'request:',
        '  $id: https://example.com/odd-request.json',
        '  type: object',
        '  required: [item]',
        '  properties:',
        '    item: { $ref: "#/$defs/item" }',
        '    $id: { type: string }',
        '  $defs: { item: { type: string, minLength: 1 } }',
        'result:',
        '  $id: https://example.com/odd-result.json',
        '  type: object',
        '  properties: { value: { $ref: "#/$defs/v" } }',
        '  $defs: { v: { type: string } }',
        'steps:',
        '  - { id: e, uses: echo, with: { value: "{{request.item}}" } }',
        'output: { value: "{{steps.e.value}}" }',
        '',
      ].join('\n'),
    );
    const h = await startHarness({ env: { PIPELINES_DIR: dir } });
    try {
      const doc: any = await (await fetch(`${h.url}/openapi.json`)).json();
      const result = await validate(structuredClone(doc));
      assert.equal(result.valid, true, result.valid ? '' : compileErrors(result));
      const op = doc.paths['/odd'].post;
      assert.equal(op.operationId, 'oddNameV2');
      assert.equal(op['x-payment-info'].amount, '1');
      const req = op.requestBody.content['application/json'].schema;
      assert.equal(req.$id, undefined);
      assert.deepEqual(req.properties.$id, { type: 'string' }, 'a field named $id is kept');
      assert.equal(req.properties.item.$ref, '#/paths/~1odd/post/requestBody/content/application~1json/schema/$defs/item');
      assert.equal(op['x-result-schema'].$ref, '#/components/schemas/OddNameV2Result');
      assert.equal(doc.components.schemas.OddNameV2Result.properties.value.$ref, '#/components/schemas/OddNameV2Result/$defs/v');

      const manifest: any = await (await fetch(`${h.url}/.well-known/x402`)).json();
      assert.deepEqual(
        manifest.endpoints.map((e: any) => [e.path, e.amount, e.status]),
        [['/odd', '1', 'live']],
      );
      const llms = await (await fetch(`${h.url}/llms.txt`)).text();
      assert.ok(llms.includes(`POST ${h.url}/odd: Odd </td> & "quotes". $0.000001 per call (1 atomic USDC)`));
      assert.match(llms, /Body: `item` \(any, required\), `\$id` \(string\)/);
      const html = await (await fetch(`${h.url}/`)).text();
      assert.ok(html.includes('<td>Odd &lt;/td&gt; &amp; &quot;quotes&quot;</td>'));
      const agents: any = await (await fetch(`${h.url}/agents.json`)).json();
      assert.deepEqual(
        agents.skills.map((s: any) => s.path),
        ['/odd', '/jobs/{id}'],
      );
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
      const prices = Object.fromEntries(
        Object.entries(doc.paths)
          .filter(([p]) => !p.startsWith('/jobs/'))
          .map(([p, o]: [string, any]) => [p, o.post['x-payment-info'].amount]),
      );
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
      assert.deepEqual(Object.keys(doc.components.schemas.AnalyzeResult.properties).slice(0, 7), [
        'title',
        'duration',
        'transcript',
        'topics',
        'sentiment',
        'scenes',
        'key_moments',
      ]);
    } finally {
      await h.close();
    }
  });
});
