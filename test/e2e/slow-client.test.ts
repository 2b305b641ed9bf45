import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, describe, it } from 'node:test';
import { type Harness, startHarness } from '../support/harness.js';

/** A client that sends its headers and half a body, then nothing: the server must not wait for it for minutes. */
describe('a request body that never arrives', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness({ env: { HTTP_REQUEST_TIMEOUT_SECONDS: '1' } });
  });
  after(() => h.close());

  it('is answered 408 and its connection closed within the request timeout', async () => {
    const { port } = new URL(h.url);
    const socket = net.connect(Number(port), '127.0.0.1');
    let answer = '';
    socket.on('data', (d) => (answer += d));
    const closed = new Promise<void>((r) => socket.on('close', () => r()));
    const started = Date.now();
    socket.write('POST /echo HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"text":');
    const bound = new Promise<'open'>((r) => setTimeout(() => r('open'), 10_000).unref());
    assert.notEqual(await Promise.race([closed, bound]), 'open', 'the server closed the connection');
    assert.match(answer, /^HTTP\/1\.1 408/);
    assert.ok(Date.now() - started < 5000, `closed after ${Date.now() - started} ms`);
  });
});
