import assert from 'node:assert/strict';
import fs from 'node:fs';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Challenge, Credential } from 'mppx';
import type { Address } from 'viem';
import { createPaymentHeader } from 'x402/client';
import { devnetClients } from '../support/devnet.js';
import { type FileServer, file, startFileServer } from '../support/file-server.js';
import { FIXTURE_PIPELINES, type Harness, pollJob, postJson, startHarness } from '../support/harness.js';
import { makeClip } from '../support/media.js';

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

/** The fixture pipelines and one that fetches a video from the request, so its source is checked before settlement. */
function pipelinesWithSource(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'edges-pipelines-'));
  fs.cpSync(FIXTURE_PIPELINES, dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'fetched.yaml'),
    'path: /fetched\nsummary: Downloads a video\nprice_usd: "0.01"\nestimated_seconds: 5\nrequest: { $ref: requests/video.json }\n' +
      'result: { type: object }\nsteps:\n  - id: video\n    uses: fetch_video\n    with: { url: "{{request.url}}" }\n' +
      'output: { bytes: "{{steps.video.bytes}}" }\n',
  );
  return dir;
}

describe('payment path edges', () => {
  let h: Harness;
  let dev: any;
  let web: FileServer;
  const pipelines = pipelinesWithSource();

  before(async () => {
    const clip = await makeClip({ scenes: [{ seconds: 1, source: 'testsrc2' }], width: 160, height: 120 });
    web = await startFileServer({
      '/clip.mp4': file(clip),
      '/gone.mp4': (_q, res) => void res.writeHead(404, { 'content-type': 'text/plain' }).end('not found'),
    });
    h = await startHarness({ env: { PIPELINES_DIR: pipelines, FETCH_ALLOW_LOOPBACK: 'true' } });
    dev = await (await fetch(`${h.url}/devnet`)).json();
  });
  after(async () => {
    // Whatever before() got to: a file server left open would keep this file's process running.
    await h?.close();
    await web?.close();
    fs.rmSync(pipelines, { recursive: true, force: true });
  });

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

  it('a source refused after verification answers 422, charges nothing, and leaves the payment usable', async () => {
    const { wallet, balanceOf } = devnetClients(h);
    const gone = { url: `${web.url}/gone.mp4` };
    const requirements = (await postJson(`${h.url}/fetched`, gone)).json.accepts.find((a: any) => a.network === 'base');
    const payTo = dev.base.pay_to as Address;
    const before = await balanceOf(payTo);

    const forged = JSON.parse(
      Buffer.from(await createPaymentHeader(wallet(dev.base.test_payer.private_key), 1, requirements), 'base64').toString(),
    );
    forged.payload.signature = '0x00';
    const unverified = await postJson(`${h.url}/fetched`, gone, { 'x-payment': Buffer.from(JSON.stringify(forged)).toString('base64') });
    assert.equal(unverified.status, 402, 'an unverified payment never reaches the source check');
    assert.equal(web.requests.length, 0, 'the source was not fetched');

    const header = await createPaymentHeader(wallet(dev.base.test_payer.private_key), 1, requirements);
    const refused = await postJson(`${h.url}/fetched`, gone, { 'x-payment': header });
    assert.equal(refused.status, 422, JSON.stringify(refused.json));
    assert.match(refused.json.error, /404.*Nothing was charged\.$/);
    assert.ok(web.requests.includes('/gone.mp4'), 'the source was checked');
    assert.equal(await balanceOf(payTo), before, 'nothing was charged');

    const paid = await postJson(`${h.url}/fetched`, { url: `${web.url}/clip.mp4` }, { 'x-payment': header });
    assert.equal(paid.status, 202, JSON.stringify(paid.json));
    assert.equal(await balanceOf(payTo), before + 10000n);
    assert.equal((await pollJob(h.url, paid.json.job_id)).status, 'complete');
  });
});
