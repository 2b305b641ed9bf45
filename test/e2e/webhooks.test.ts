import assert from 'node:assert/strict';
import type http from 'node:http';
import os from 'node:os';
import { after, before, describe, it } from 'node:test';
import { verifyDelivery } from '../../src/webhooks/webhook-signature.js';
import { devnetClients, paidPost } from '../support/devnet.js';
import { type FileServer, startFileServer } from '../support/file-server.js';
import { type Harness, pollJob, postJson, startHarness } from '../support/harness.js';

interface Delivery {
  at: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A receiver route that records every delivery and answers the statuses given in turn (the last one repeats). */
function receiver(statuses: number[]) {
  const deliveries: Delivery[] = [];
  const handle = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      deliveries.push({ at: Date.now(), headers: req.headers, body: Buffer.concat(chunks).toString() });
      res.writeHead(statuses[Math.min(deliveries.length - 1, statuses.length - 1)]).end();
    });
  };
  return { deliveries, handle };
}

async function until<T>(what: string, probe: () => T | undefined, seconds = 15): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** callback_url: a finished job is POSTed to the payer's receiver on loopback, signed, retried on 5xx. */
describe('job callbacks (callback_url)', () => {
  let h: Harness;
  let web: FileServer;
  const ok = receiver([200]);
  const flaky = receiver([503, 500, 204]);
  const down = receiver([500]);
  const failedJob = receiver([200]);

  before(async () => {
    web = await startFileServer({ '/ok': ok.handle, '/flaky': flaky.handle, '/down': down.handle, '/failed': failedJob.handle });
    h = await startHarness({ env: { FETCH_ALLOW_LOOPBACK: 'true' } });
  });
  after(async () => {
    await h?.close();
    await web?.close();
  });

  it('delivers the final envelope once, signed with the key the 202 gave the payer', async () => {
    const res = await paidPost(h, '/echo', { text: 'hook', callback_url: `${web.url}/ok` });
    assert.equal(res.status, 202, res.text);
    const key = res.json.callback_secret;
    assert.match(key, /^[0-9a-f]{64}$/);
    const delivery = await until('the delivery', () => ok.deliveries[0]);
    const job = await pollJob(h.url, res.json.job_id);
    assert.equal(job.status, 'complete');
    assert.deepEqual(JSON.parse(delivery.body), job, 'the body is the job envelope GET /jobs/{id} shows');
    assert.equal(delivery.headers['content-type'], 'application/json');
    assert.equal(delivery.headers['x-vidint-job-id'], job.id);
    const signature = String(delivery.headers['x-vidint-signature']);
    assert.match(signature, /^t=\d+,v1=[0-9a-f]{64}$/);
    assert.equal(verifyDelivery(key, signature, delivery.body), true);
    assert.equal(verifyDelivery(key, signature, delivery.body.replace('hook', 'hoke')), false, 'a changed body does not verify');
    assert.equal(verifyDelivery('0'.repeat(64), signature, delivery.body), false, 'another key does not verify');
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(ok.deliveries.length, 1, 'delivered once');
  });

  it('tries a failing receiver again with backoff (503, 500, then 204), and the job stays complete', async () => {
    const res = await paidPost(h, '/echo', { text: 'flaky', callback_url: `${web.url}/flaky` });
    assert.equal(res.status, 202, res.text);
    await until('three attempts', () => (flaky.deliveries.length >= 3 ? true : undefined), 20);
    assert.deepEqual(
      flaky.deliveries.map((d) => d.headers['x-vidint-attempt']),
      ['1', '2', '3'],
    );
    const gaps = [flaky.deliveries[1].at - flaky.deliveries[0].at, flaky.deliveries[2].at - flaky.deliveries[1].at];
    assert.ok(gaps[0] >= 900 && gaps[1] >= 1900, `backoff 1 s then 2 s: ${gaps}`);
    for (const d of flaky.deliveries)
      assert.equal(verifyDelivery(res.json.callback_secret, String(d.headers['x-vidint-signature']), d.body), true);
    assert.equal((await pollJob(h.url, res.json.job_id)).status, 'complete');
  });

  it('gives up after 3 attempts on a receiver that keeps failing; the job is not failed by it', async () => {
    const res = await paidPost(h, '/echo', { text: 'down', callback_url: `${web.url}/down` });
    assert.equal(res.status, 202, res.text);
    await until('three attempts', () => (down.deliveries.length >= 3 ? true : undefined), 20);
    await new Promise((r) => setTimeout(r, 4500));
    assert.equal(down.deliveries.length, 3, 'no fourth attempt');
    const job = await pollJob(h.url, res.json.job_id);
    assert.equal(job.status, 'complete');
  });

  it('delivers a failed job with its error', async () => {
    const res = await paidPost(h, '/failing', { message: 'no luck', callback_url: `${web.url}/failed` });
    assert.equal(res.status, 202, res.text);
    const delivery = await until('the delivery', () => failedJob.deliveries[0], 20);
    const envelope = JSON.parse(delivery.body);
    assert.equal(envelope.status, 'failed');
    assert.match(envelope.error, /no luck/);
    assert.equal(verifyDelivery(res.json.callback_secret, String(delivery.headers['x-vidint-signature']), delivery.body), true);
  });

  it('refuses a callback URL wrong on its face with a 400, before any payment', async () => {
    for (const url of ['ftp://example.com/hook', 'http://10.0.0.7/hook', 'http://user:pw@example.com/hook', 'http://127.0.0.2/hook']) {
      const res = await postJson(`${h.url}/echo`, { text: 'x', callback_url: url });
      assert.equal(res.status, 400, `${url}: ${res.text}`);
      assert.match(res.json.error, /callback_url/);
    }
  });
});

describe('job callbacks: a host that resolves to a blocked address', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness(); // FETCH_ALLOW_LOOPBACK off: loopback and private addresses are blocked
  });
  after(() => h?.close());

  it('is a 422 before settlement, and nothing is charged', async () => {
    const { balanceOf } = devnetClients(h);
    const payTo = (await (await fetch(`${h.url}/devnet`)).json()).base.pay_to;
    const before = await balanceOf(payTo);
    // This machine's own name resolves (through /etc/hosts) to a loopback or private address.
    const res = await paidPost(h, '/echo', { text: 'x', callback_url: `http://${os.hostname()}:9/hook` });
    assert.equal(res.status, 422, res.text);
    assert.match(res.json.error, /callback_url is refused: .* resolves to a blocked address/);
    assert.match(res.json.error, /Nothing was charged\.$/);
    assert.equal(await balanceOf(payTo), before);
  });
});
