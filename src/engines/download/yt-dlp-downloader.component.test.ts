import assert from 'node:assert/strict';
import type http from 'node:http';
import { after, before, describe, it } from 'node:test';
import { type FileServer, startFileServer } from '../../../test/support/file-server.js';
import { loadConfig } from '../../app/load-config.js';
import { YtDlpDownloader } from './yt-dlp-downloader.js';

/** How long the page keeps yt-dlp waiting before it answers (a slow site). */
const HOLD_MS = 1500;

/**
 * Page resolution on the real yt-dlp against a slow page on 127.0.0.1: at most two run at once per downloader, the
 * others wait their turn, and a wait longer than the caller's budget ends with the budget, not after the queue.
 */
describe('yt-dlp page resolution, a few at a time', () => {
  let web: FileServer;
  let running = 0;
  let most = 0;

  before(async () => {
    web = await startFileServer({
      '/page.html': (_req: http.IncomingMessage, res: http.ServerResponse) => {
        most = Math.max(most, ++running);
        setTimeout(() => {
          running--;
          res.writeHead(200, { 'content-type': 'text/html' }).end('<html><head><title>Nothing</title></head><body>text</body></html>');
        }, HOLD_MS).unref();
      },
    });
  });
  after(() => web?.close());

  it('runs two at once and queues the rest; a caller whose budget ends in the queue is answered then, and never runs', async () => {
    const { media } = loadConfig({ FETCH_ALLOW_LOOPBACK: 'true' }, process.cwd()).engines;
    const ytDlp = new YtDlpDownloader({ ytDlp: media.ytDlpPath, ffmpeg: 'ffmpeg', allowLoopback: true });
    const resolve = (i: number, signal: AbortSignal) =>
      ytDlp.inspect(`${web.url}/page.html?n=${i}`, { signal, label: 'the page' }).then(
        () => 'found',
        (err: Error) => err.message,
      );
    const patient = [0, 1, 2, 3].map((i) => resolve(i, AbortSignal.timeout(120_000)));
    const started = Date.now();
    const impatient = await resolve(4, AbortSignal.timeout(300));
    assert.ok(Date.now() - started < 1000, `answered when its budget ended, after ${Date.now() - started} ms`);
    assert.match(impatient, /timeout/i);
    for (const answer of await Promise.all(patient)) assert.match(answer, /the page could not be downloaded: Unsupported URL/);
    assert.equal(web.requests.length, 4, 'the caller that gave up in the queue never ran yt-dlp');
    assert.equal(most, 2, 'two pages resolved at once, no more');
  });
});
