import assert from 'node:assert/strict';
import http from 'node:http';
import net from 'node:net';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { type FileServer, startFileServer } from '../../test/support/file-server.js';
import { guardedPost } from './guarded-post.js';
import { FetchRefused, safeFetch } from './safe-fetch.js';

/** The guarded client (undici through the address guard) and the rest of the process's fetch(), side by side. */
describe('guarded fetch on undici', () => {
  let server: FileServer;
  const signal = new AbortController().signal;

  before(async () => {
    server = await startFileServer({
      '/hello': (_q: http.IncomingMessage, res: http.ServerResponse) =>
        void res.writeHead(200, { 'content-type': 'text/plain' }).end('hello'),
      '/moved': (_q: http.IncomingMessage, res: http.ServerResponse) => void res.writeHead(302, { location: '/hello' }).end(),
      '/to-metadata': (_q: http.IncomingMessage, res: http.ServerResponse) =>
        void res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end(),
    });
  });
  after(() => server.close());

  it('reaches an allowed address, following a redirect, and reports where the answer came from', async () => {
    const res = await safeFetch(`${server.url}/moved`, { signal, allowLoopback: true });
    let body = '';
    for await (const chunk of res.body) body += chunk;
    assert.deepEqual([res.status, body, res.url.pathname], [200, 'hello', '/hello']);
  });

  it('refuses a name that resolves to a blocked address, and a redirect to one, before connecting', async () => {
    const port = new URL(server.url).port;
    await assert.rejects(safeFetch(`http://localhost:${port}/hello`, { signal, allowLoopback: false }), FetchRefused);
    await assert.rejects(
      safeFetch(`${server.url}/to-metadata`, { signal, allowLoopback: true }),
      /169\.254\.169\.254 is a blocked address/,
    );
    await assert.rejects(guardedPost(`http://localhost:${port}/hello`, '{}', { allowLoopback: false, timeoutMs: 1000 }), FetchRefused);
  });

  it('reads a body read later than it arrived from a server that then closes, without the process dying', async () => {
    // A body more than the stream holds (64 KiB) pauses undici's parser; the server's close then met an assertion
    // no caller could catch (no-pause-at-close.ts). Framed by the close, and with a length and `Connection: close`.
    const body = Buffer.alloc(70_000, 0x61);
    const heads = ['HTTP/1.1 200 OK\r\n\r\n', `HTTP/1.1 200 OK\r\ncontent-length: ${body.length}\r\nconnection: close\r\n\r\n`];
    const raw = net.createServer((socket) =>
      socket.once('data', () => socket.end(Buffer.concat([Buffer.from(heads.shift() ?? ''), body]))),
    );
    await new Promise<void>((ready) => raw.listen(0, '127.0.0.1', ready));
    const { port } = raw.address() as net.AddressInfo;
    try {
      for (let i = 0; i < 2; i++) {
        const res = await safeFetch(`http://127.0.0.1:${port}/clip.mp4`, { signal, allowLoopback: true });
        await sleep(300);
        let size = 0;
        for await (const chunk of res.body) size += (chunk as Buffer).length;
        assert.equal(size, body.length);
      }
    } finally {
      raw.close();
    }
  });

  it("leaves the process's own fetch() on Node's client: undici's agent never becomes the global one", async () => {
    const res = await fetch(`http://localhost:${new URL(server.url).port}/hello`);
    assert.equal(await res.text(), 'hello', 'fetch() elsewhere in the process is not behind the guard');
    const { Agent } = await import('undici'); // imported here: a test's own static import would come before the service's
    const global = Reflect.get(globalThis, Symbol.for('undici.globalDispatcher.1'));
    assert.ok(global, 'Node installed its own dispatcher');
    assert.equal(global instanceof Agent, false, 'the global dispatcher is not an agent of the undici package');
  });
});
