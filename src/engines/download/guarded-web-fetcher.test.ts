import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { type FileServer, gzipped, piecewise, startFileServer } from '../../../test/support/file-server.js';
import { FetchTooLarge } from './download.port.js';
import { GuardedWebFetcher } from './guarded-web-fetcher.js';

/** Bodies as the file holds them, from servers that send pieces or compress, on a real HTTP server on 127.0.0.1. */
describe('GuardedWebFetcher bodies', () => {
  const web = new GuardedWebFetcher(true);
  const signal = AbortSignal.timeout(20_000);
  const bytes = Buffer.from(Array.from({ length: 300_000 }, (_, i) => (i * 7919) % 251));
  let server: FileServer;

  before(async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fetcher-')), 'data.bin');
    fs.writeFileSync(file, bytes);
    server = await startFileServer({
      '/pieces': piecewise(file, 'application/octet-stream', 64 * 1024),
      '/gzip': gzipped(file, 'application/octet-stream'),
    });
  });
  after(() => server.close());

  it('follows a server that answers every request with a 206 of at most 64 KiB to the end of the file', async () => {
    const res = await web.fetchBytes(`${server.url}/pieces`, { signal, maxBytes: 1024 * 1024 });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, bytes);
    assert.equal(server.requests.filter((r) => r === '/pieces').length, 5, 'one request per piece');
  });

  it('follows such a server to the end of an asked range, and states the file size', async () => {
    const res = await web.open(`${server.url}/pieces`, { signal, headers: { range: 'bytes=100000-249999' } });
    assert.equal(res.status, 206);
    assert.equal(res.total, bytes.length);
    assert.equal(res.contentLength, 150_000);
    const chunks: Buffer[] = [];
    for await (const chunk of res.body) chunks.push(chunk as Buffer);
    assert.deepEqual(Buffer.concat(chunks), bytes.subarray(100_000, 250_000));
  });

  it('decodes a gzip Content-Encoding, its decoded size unstated', async () => {
    const opened = await web.open(`${server.url}/gzip`, { signal });
    assert.equal(opened.total, null);
    opened.body.destroy();
    const res = await web.fetchBytes(`${server.url}/gzip`, { signal, maxBytes: 1024 * 1024 });
    assert.deepEqual(res.body, bytes);
    await assert.rejects(web.fetchBytes(`${server.url}/gzip`, { signal, maxBytes: 100_000 }), FetchTooLarge);
  });
});
