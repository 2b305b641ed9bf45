import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import request from 'supertest';
import { type Harness, startHarness } from '../support/harness.js';

describe('HTTP behaviour of paid routes and the job resource', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness({ env: { BODY_LIMIT_BYTES: '2048' } });
  });
  after(() => h.close());

  it('answers an unpaid valid request with 402 and the x402 v1 requirements for every network', async () => {
    const res = await request(h.url).post('/echo').send({ text: 'hi' }).expect(402);
    assert.equal(res.body.x402Version, 1);
    assert.match(res.body.error, /payment required/);
    assert.deepEqual(
      res.body.accepts.map((a: any) => a.network),
      ['base', 'solana'],
    );
    for (const a of res.body.accepts) {
      assert.equal(a.scheme, 'exact');
      assert.equal(a.maxAmountRequired, '10000'); // 0.01 USD
      assert.equal(a.maxAmount, '10000');
      assert.equal(a.resource, `${h.url}/echo`);
      assert.equal(a.mimeType, 'application/json');
      assert.equal(a.description, 'Echoes its input back (test fixture)');
      assert.equal(typeof a.payTo, 'string');
      assert.equal(typeof a.maxTimeoutSeconds, 'number');
    }
    const [base, solana] = res.body.accepts;
    assert.equal(base.asset, h.rt.devnet!.base!.usdc, 'devnet: the test USDC deployed on the local chain');
    assert.deepEqual(base.extra, { name: 'USD Coin', version: '2' });
    assert.equal(solana.asset, h.rt.devnet!.solana!.mint, 'devnet: the test USDC mint on the local Solana');
    assert.equal(solana.extra.feePayer, h.rt.devnet!.solana!.feePayer, 'the server co-signs and pays the fees');
    assert.match(res.headers['www-authenticate'], /^Payment .*method="tempo"/);
  });

  it('refuses a malformed payment with 402 and a reason', async () => {
    const res = await request(h.url).post('/echo').set('x-payment', 'eyJ4NDAyVmVyc2lvbiI6MX0=').send({ text: 'hi' }).expect(402);
    assert.match(res.body.error, /X-PAYMENT is malformed: it lacks x402Version, scheme or network\. Nothing was charged\./);
    assert.equal(res.body.accepts.length, 2);
  });

  it('validates the request before payment: 400 naming the field, even with a payment attached', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{}, /invalid request: text: is required/],
      [{ text: 5 }, /text: must be string/],
      [{ text: 'hi', colour: 'red' }, /colour: is not an allowed field/],
      [{ text: '' }, /text: must NOT have fewer than 1 characters/],
      [['text'], /must be a JSON object/],
    ];
    for (const [body, message] of cases) {
      const res = await request(h.url)
        .post('/echo')
        .set('x-payment', 'abc')
        .send(body as object)
        .expect(400);
      assert.match(res.body.error, message, JSON.stringify(body));
      assert.deepEqual(Object.keys(res.body), ['error']);
    }
  });

  it('answers malformed JSON 400, a non-JSON type 415 and an oversized body 413, all as {error}', async () => {
    const bad = await request(h.url).post('/echo').set('content-type', 'application/json').send('{"text":').expect(400);
    assert.match(bad.body.error, /not valid JSON/);
    const empty = await request(h.url).post('/echo').set('content-type', 'application/json').send('').expect(400);
    assert.equal(typeof empty.body.error, 'string');
    const plain = await request(h.url).post('/echo').set('content-type', 'text/plain').send('hi').expect(415);
    assert.equal(plain.body.error, 'Content-Type must be application/json');
    const xml = await request(h.url).post('/echo').set('content-type', 'application/xml').send('<a/>').expect(415);
    assert.equal(xml.body.error, 'Content-Type must be application/json');
    const big = await request(h.url)
      .post('/echo')
      .send({ text: 'x'.repeat(4096) })
      .expect(413);
    assert.equal(big.body.error, 'request body is too large');
  });

  it('validates X-AFFILIATE-ID', async () => {
    const res = await request(h.url).post('/echo').set('x-affiliate-id', 'bad id!').send({ text: 'hi' }).expect(400);
    assert.match(res.body.error, /X-AFFILIATE-ID/);
    await request(h.url).post('/echo').set('x-affiliate-id', 'agent_catalog-1.x').send({ text: 'hi' }).expect(402);
  });

  it('answers a planned endpoint 501 before anything else, free', async () => {
    const res = await request(h.url).post('/planned').send({ url: 'https://example.com/v.mp4' }).expect(501);
    assert.match(res.body.error, /not available yet.*Nothing was charged/);
  });

  it('answers a wrong method 405 with Allow, and unknown paths and jobs 404, as JSON', async () => {
    const get = await request(h.url).get('/echo').expect(405);
    assert.equal(get.headers.allow, 'POST');
    assert.match(get.body.error, /GET is not allowed on \/echo/);
    const del = await request(h.url).delete(`/jobs/${randomUUID()}`).expect(405);
    assert.equal(del.headers.allow, 'GET, HEAD');
    const none = await request(h.url).get('/no/such/path').expect(404);
    assert.deepEqual(Object.keys(none.body), ['error']);
    for (const id of [randomUUID(), 'not-a-uuid', '../../etc/passwd']) {
      const res = await request(h.url)
        .get(`/jobs/${encodeURIComponent(id)}`)
        .expect(404);
      assert.match(res.body.error, /not found/);
      assert.match(res.headers['content-type'], /application\/json/);
    }
  });

  it('lets a browser on another origin call it: preflight, then the 402 with its payment headers readable', async () => {
    const preflight = await request(h.url)
      .options('/echo')
      .set('origin', 'https://agent.example')
      .set('access-control-request-method', 'POST')
      .set('access-control-request-headers', 'content-type, x-payment, payment-signature')
      .expect(204);
    assert.equal(preflight.headers['access-control-allow-origin'], '*');
    assert.match(preflight.headers['access-control-allow-methods'], /POST/);
    const names = (list: string) => list.split(',').map((h) => h.trim().toLowerCase());
    const allowed = names(preflight.headers['access-control-allow-headers']);
    for (const header of ['x-payment', 'payment-signature', 'authorization', 'content-type']) assert.ok(allowed.includes(header), header);
    const unpaid = await request(h.url).post('/echo').set('origin', 'https://agent.example').send({ text: 'hi' }).expect(402);
    assert.equal(unpaid.headers['access-control-allow-origin'], '*');
    const exposed = names(unpaid.headers['access-control-expose-headers']);
    for (const header of ['x-payment-response', 'payment-response', 'payment-receipt', 'www-authenticate'])
      assert.ok(exposed.includes(header), header);
    // An OPTIONS without the preflight headers is answered the same way, never with a plain-text error.
    await request(h.url).options('/echo').expect(204);
  });

  it('keeps operator routes off without ADMIN_TOKEN', async () => {
    const res = await request(h.url).get('/admin/affiliates').set('authorization', 'Bearer anything').expect(404);
    assert.match(res.body.error, /operator routes are off/);
  });

  it('reports health', async () => {
    const res = await request(h.url).get('/healthz').expect(200);
    assert.deepEqual(res.body, { status: 'ok', role: 'all', queue: 'memory', pipelines: 6, dependencies: {} });
  });
});
