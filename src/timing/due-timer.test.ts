import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { after, before, describe, it } from 'node:test';
import { stallFor } from '../../test/support/stall.js';
import { dueSignal } from './due-timer.js';

describe('dueSignal, a deadline on I/O', () => {
  let server: ChildProcess;
  let url = '';
  before(async () => {
    // A server in a process of its own (this one is about to be held busy): it says when a request is in, and
    // answers it 300 ms later.
    const code =
      "const s = require('node:http').createServer((q, r) => { console.log('request'); setTimeout(() => r.end('answered'), 300); });" +
      "s.listen(0, '127.0.0.1', () => console.log(s.address().port));";
    server = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
    const [port] = (await once(server.stdout!, 'data')) as [Buffer];
    url = `http://127.0.0.1:${port.toString().trim()}/`;
  });
  after(() => server.kill());

  it('keeps an answer that came in time while the main thread was busy past the deadline', async () => {
    const answer = fetch(url, { signal: dueSignal(1000) }).then((res) => res.text());
    await once(server.stdout!, 'data');
    await stallFor(1500);
    assert.equal(await answer, 'answered');
  });

  it('aborts, with a TimeoutError as AbortSignal.timeout does, what did not end in time', async () => {
    const signal = dueSignal(100);
    await assert.rejects(fetch(url, { signal }), (err: Error) => err.name === 'TimeoutError');
    assert.equal(signal.aborted, true);
  });
});
