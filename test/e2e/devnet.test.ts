import assert from 'node:assert/strict';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { freePort } from '../../src/devnet/anvil.js';
import { paidJob } from '../support/devnet.js';
import { type Harness, postJson, ROOT, startHarness } from '../support/harness.js';

/** The devnet's own sample media: served at /devnet/samples, accepted as sources in devnet mode only, and read from disk. */
describe('the devnet sample media', () => {
  let h: Harness;
  before(async () => {
    // No FETCH_ALLOW_LOOPBACK: the samples are accepted because they are the devnet's, not because loopback is.
    h = await startHarness({ env: { PIPELINES_DIR: path.join(ROOT, 'pipelines') } });
  });
  after(() => h?.close());

  it('GET /devnet names the samples, and each is served with its type', async () => {
    const dev = await (await fetch(`${h.url}/devnet`)).json();
    assert.deepEqual(dev.samples, {
      reel: `${h.url}/devnet/samples/reel.mp4`,
      face: `${h.url}/devnet/samples/face.jpg`,
      document: `${h.url}/devnet/samples/document.jpg`,
    });
    const face = await fetch(dev.samples.face);
    assert.equal(face.status, 200);
    assert.equal(face.headers.get('content-type'), 'image/jpeg');
    assert.ok((await face.arrayBuffer()).byteLength > 10_000);
    assert.equal((await fetch(`${h.url}/devnet/samples/secret.txt`)).status, 404);
  });

  it('a paid /pfp of the face sample and a paid /analyze of the reel sample complete, the files read from disk', async () => {
    const dev = await (await fetch(`${h.url}/devnet`)).json();
    const portrait = await paidJob(h, '/pfp', { image_url: dev.samples.face, color_palette: 'warm earth tones' });
    assert.equal(portrait.status, 'complete', portrait.error);
    assert.equal(portrait.result.width, 1024);
    const analysis = await paidJob(h, '/analyze', { url: dev.samples.reel }, 180);
    assert.equal(analysis.status, 'complete', analysis.error);
    assert.equal(analysis.engines.download, 'devnet sample');
    assert.ok(
      analysis.result.on_screen_text.some((t: any) => t.text === 'SAVE 50 PERCENT TODAY'),
      JSON.stringify(analysis.result.on_screen_text),
    );
  });

  it('any other loopback URL is still refused on its face (400), and a sample URL is no source in live mode', async () => {
    const other = await postJson(`${h.url}/analyze`, { url: `${h.url}/devnet/samples/../healthz` });
    assert.equal(other.status, 400, other.text);
    const live = await startHarness({
      worker: false,
      env: {
        PIPELINES_DIR: path.join(ROOT, 'pipelines'),
        PAYMENT_MODE: 'live',
        X402_NETWORKS: 'base',
        MPP_ENABLED: 'false',
        BASE_RPC_URL: 'http://127.0.0.1:9',
        EVM_SETTLEMENT_KEY: `0x${'11'.repeat(32)}`,
        PAY_TO_BASE: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      },
    });
    try {
      const res = await postJson(`${live.url}/analyze`, { url: `${live.url}/devnet/samples/reel.mp4` });
      assert.equal(res.status, 400, res.text);
      assert.match(res.json.error, /127\.0\.0\.1 is a blocked address \(loopback\)/);
    } finally {
      await live.close();
    }
  });
});

describe('devnet chains bound for a container (DEVNET_HOST=0.0.0.0, DEVNET_PORTS)', () => {
  it('listen on every address at the fixed ports, and GET /devnet names them at the host the client used', async () => {
    const ports = [await freePort(), await freePort(), await freePort()];
    const h = await startHarness({ env: { DEVNET_HOST: '0.0.0.0', DEVNET_PORTS: ports.join(',') } });
    try {
      const dev = await (await fetch(`${h.url.replace('127.0.0.1', 'localhost')}/devnet`)).json();
      assert.deepEqual(
        [dev.base.rpc_url, dev.solana.rpc_url, dev.tempo.rpc_url],
        ports.map((p) => `http://localhost:${p}`),
      );
      // Reached at this machine's own (non-loopback) address, as a host reaches a container's published port.
      const outside = Object.values(os.networkInterfaces())
        .flat()
        .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;
      for (const [i, port] of ports.entries()) {
        const url = `http://${outside ?? '127.0.0.1'}:${port}`;
        const method = i === 1 ? 'getSlot' : 'eth_chainId';
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: [] }),
        });
        assert.equal(res.status, 200, url);
        assert.ok(((await res.json()) as any).result !== undefined, url);
      }
    } finally {
      await h.close();
    }
  });
});
