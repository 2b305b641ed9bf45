import assert from 'node:assert/strict';
import type http from 'node:http';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createPaymentHeader } from 'x402/client';
import { baseBalances, devnetClients } from '../support/devnet.js';
import { type FileServer, startFileServer } from '../support/file-server.js';
import { type Harness, postJson, ROOT, startHarness } from '../support/harness.js';

/** How long the page keeps yt-dlp waiting before it answers with a page that names no video. */
const PAGE_DELAY_MS = 2000;

/**
 * One verified payment whose source check is refused, sent 20 times at once and once more later (an attacker
 * making the service check a slow page again and again for the price of one authorization it never pays): the
 * check runs once, every send gets the same 422, nothing is charged (balances read from the devnet chain), and
 * the later resend is answered from the record of the refusal kept beside the claims in Redis.
 */
describe('a refused payment sent again and again costs one source check', () => {
  let h: Harness;
  let web: FileServer;
  /** yt-dlp's requests for the page: it sends no Range, the service's own read of a page's head does. */
  let ytDlpReads = 0;

  before(async () => {
    web = await startFileServer({
      '/slow-page.html': (req: http.IncomingMessage, res: http.ServerResponse) => {
        const page = '<!doctype html><html><head><title>Our story</title></head><body><p>No video here.</p></body></html>';
        if (req.headers.range) return void res.writeHead(200, { 'content-type': 'text/html' }).end(page);
        ytDlpReads++;
        setTimeout(() => res.writeHead(200, { 'content-type': 'text/html' }).end(page), PAGE_DELAY_MS).unref();
      },
    });
    h = await startHarness({
      driver: 'bullmq',
      worker: false,
      env: { PIPELINES_DIR: path.join(ROOT, 'pipelines'), FETCH_ALLOW_LOOPBACK: 'true', MPP_ENABLED: 'false' },
    });
  });
  after(async () => {
    await h?.close();
    await web?.close();
  });

  it('20 copies at once: one check, the same 422 for each, nothing charged; a later resend gets it without a check', async () => {
    const body = { url: `${web.url}/slow-page.html` };
    const { dev, wallet } = devnetClients(h);
    const balances = baseBalances(h);
    const requirements = (await postJson(`${h.url}/analyze`, body)).json.accepts.find((a: any) => a.network === 'base');
    const header = await createPaymentHeader(wallet(dev.payerKey), 1, requirements);
    const send = () => postJson(`${h.url}/analyze`, body, { 'x-payment': header });
    const before = await balances();

    const answers = await Promise.all(Array.from({ length: 20 }, send));
    assert.deepEqual([...new Set(answers.map((a) => a.status))], [422], answers.map((a) => a.text).join('\n'));
    assert.deepEqual([...new Set(answers.map((a) => a.text))], [answers[0].text], 'every send gets the same answer');
    assert.match(answers[0].json.error, /the page at the URL holds no video that can be downloaded/);
    assert.match(answers[0].json.error, /Nothing was charged\.$/);
    assert.equal(ytDlpReads, 1, 'yt-dlp read the page once');
    assert.deepEqual(await balances(), before, 'no USDC moved');

    const seen = web.requests.length;
    const later = await send();
    assert.equal(later.status, 422);
    assert.equal(later.text, answers[0].text);
    assert.equal(web.requests.length, seen, 'the resend reached the page server not at all');
    assert.deepEqual(await balances(), before);
  });
});
