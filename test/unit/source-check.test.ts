import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { loadPipelines } from '../../src/pipelines/pipeline.loader.js';
import { checkSource, sourceUrls } from '../../src/pipelines/source-check.js';
import { createStepRegistry } from '../../src/pipelines/step.registry.js';
import { type FileServer, startFileServer } from '../support/file-server.js';

/** The pre-settlement source check against real HTTP servers on 127.0.0.1. */
describe('source check', () => {
  let web: FileServer;
  let deadUrl: string;
  const opts = { allowLoopback: true, maxBytes: 50 * 1024 * 1024, timeoutMs: 1500 };
  before(async () => {
    web = await startFileServer({
      '/clip.mp4': (req, res) => {
        const ranged = req.headers.range === 'bytes=0-0';
        res
          .writeHead(ranged ? 206 : 200, { 'content-type': 'video/mp4', ...(ranged ? { 'content-range': 'bytes 0-0/2048' } : {}) })
          .end('x');
      },
      '/page.html': (_q, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>'),
      '/missing.mp4': (_q, res) => void res.writeHead(404).end(),
      '/gone.mp4': (_q, res) => void res.writeHead(410).end(),
      '/busy.mp4': (_q, res) => void res.writeHead(503).end(),
      '/huge.mp4': (_q, res) => void res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': String(10 * 1024 ** 3) }).end(),
      '/huge-ranged.mp4': (_q, res) =>
        void res.writeHead(206, { 'content-type': 'video/mp4', 'content-range': `bytes 0-0/${10 * 1024 ** 3}` }).end('x'),
      '/photo.jpg': (_q, res) => void res.writeHead(200, { 'content-type': 'image/jpeg' }).end('x'),
      '/slow.mp4': (_q, res) => void setTimeout(() => res.writeHead(404).end(), 5000).unref(),
      '/to-metadata.mp4': (_q, res) => void res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end(),
    });
    const closed = await startFileServer({});
    deadUrl = `${closed.url}/x.mp4`;
    await closed.close();
  });
  after(() => web.close());

  it('lets a reachable video or page through', async () => {
    assert.deepEqual(await checkSource(`${web.url}/clip.mp4`, opts), { ok: true });
    assert.deepEqual(await checkSource(`${web.url}/page.html`, opts), { ok: true });
  });

  it('refuses a dead, missing, gone, oversized, non-video or blocked source with 422 and the reason', async () => {
    const cases: Array<[string, RegExp]> = [
      [deadUrl, /could not be reached \(ECONNREFUSED\)/],
      ['http://no-such-host.invalid/v.mp4', /could not be reached \(ENOTFOUND|EAI_AGAIN\)/],
      [`${web.url}/missing.mp4`, /answered HTTP 404/],
      [`${web.url}/gone.mp4`, /answered HTTP 410/],
      [`${web.url}/huge.mp4`, /10240 MiB; the limit is 50 MiB/],
      [`${web.url}/huge-ranged.mp4`, /10240 MiB; the limit is 50 MiB/],
      [`${web.url}/photo.jpg`, /serves image\/jpeg/],
      [`${web.url}/to-metadata.mp4`, /blocked.*169\.254\.169\.254/],
    ];
    for (const [url, reason] of cases) {
      const verdict = await checkSource(url, opts);
      assert.equal(verdict.ok, false, url);
      if (!verdict.ok) {
        assert.equal(verdict.status, 422, url);
        assert.match(verdict.reason, reason, url);
      }
    }
  });

  it('lets a slow or inconclusive source through (the job will say what happened)', async () => {
    assert.deepEqual(await checkSource(`${web.url}/slow.mp4`, { ...opts, timeoutMs: 300 }), { ok: true });
    assert.deepEqual(await checkSource(`${web.url}/busy.mp4`, opts), { ok: true });
  });

  it('lists the source URL fields of a request body', () => {
    const pipelines = loadPipelines({
      pipelinesDir: path.resolve('pipelines'),
      schemasDir: path.resolve('schemas'),
      registry: createStepRegistry(),
    });
    const byPath = (p: string) => pipelines.find((x) => x.path === p)!;
    assert.deepEqual(sourceUrls(byPath('/analyze'), { url: 'https://example.com/v.mp4' }), ['https://example.com/v.mp4']);
    assert.deepEqual(sourceUrls(byPath('/menu-from-maps'), { url: 'https://maps.app.goo.gl/x' }), ['https://maps.app.goo.gl/x']);
    assert.deepEqual(sourceUrls(byPath('/analyze'), {}), []);
  });
});
