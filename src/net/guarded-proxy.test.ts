import assert from 'node:assert/strict';
import http from 'node:http';
import net from 'node:net';
import { after, before, describe, it } from 'node:test';
import { type FileServer, startFileServer } from '../../test/support/file-server.js';
import { type GuardedProxy, startGuardedProxy } from './guarded-proxy.js';

/** The proxy yt-dlp runs through: plain-HTTP requests and CONNECT tunnels, each target checked by the address guard. */
describe('guarded forward proxy', () => {
  let proxy: GuardedProxy;
  let allowed: FileServer;
  let blocked: FileServer;
  const hello = (_q: http.IncomingMessage, res: http.ServerResponse) =>
    void res.writeHead(200, { 'content-type': 'text/plain' }).end('hello');

  before(async () => {
    allowed = await startFileServer({ '/hello': hello });
    blocked = await startFileServer({ '/hello': hello }, { host: '127.0.0.2' });
    proxy = await startGuardedProxy({ allowLoopback: true });
  });
  after(async () => {
    await proxy.close();
    await allowed.close();
    await blocked.close();
  });

  const viaProxy = (target: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const { port } = new URL(proxy.url);
      http
        .get({ host: '127.0.0.1', port, path: target, headers: { host: new URL(target).host } }, (res) => {
          let body = '';
          res.on('data', (c) => (body += c));
          res.on('end', () => resolve({ status: res.statusCode!, body }));
        })
        .on('error', reject);
    });

  const connect = (authority: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(new URL(proxy.url).port), '127.0.0.1', () => {
        socket.write(`CONNECT ${authority} HTTP/1.1\r\nhost: ${authority}\r\n\r\n`);
      });
      let answer = '';
      socket.on('data', (c) => {
        answer += c;
        if (answer.includes('\r\n\r\n')) {
          socket.destroy();
          resolve(answer.split('\r\n')[0]);
        }
      });
      socket.on('error', reject);
    });

  it('relays a plain-HTTP request to an allowed address', async () => {
    assert.deepEqual(await viaProxy(`${allowed.url}/hello`), { status: 200, body: 'hello' });
  });

  it('answers 403 for a blocked address, connects nowhere, and records the refusal', async () => {
    const res = await viaProxy(`${blocked.url}/hello`);
    assert.equal(res.status, 403);
    assert.match(res.body, /127\.0\.0\.2 is a blocked address \(loopback\)/);
    assert.equal(await connect(new URL(blocked.url).host), 'HTTP/1.1 403 Forbidden');
    assert.equal(await connect('169.254.169.254:80'), 'HTTP/1.1 403 Forbidden');
    assert.deepEqual(blocked.requests, []);
    assert.deepEqual(
      proxy.refusals.map((r) => r.reason),
      [
        '127.0.0.2 is a blocked address (loopback)',
        '127.0.0.2 is a blocked address (loopback)',
        '169.254.169.254 is a blocked address (link-local (cloud metadata))',
      ],
    );
  });

  it('opens a CONNECT tunnel to an allowed address', async () => {
    assert.equal(await connect(new URL(allowed.url).host), 'HTTP/1.1 200 Connection Established');
  });
});
