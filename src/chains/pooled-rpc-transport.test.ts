import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, it } from 'node:test';
import { createPublicClient, http as viemHttp } from 'viem';
import { base } from 'viem/chains';
import { pooledHttp } from './pooled-rpc-transport.js';

/** A JSON-RPC node that answers by method: a block number, a reverted call, a refusal, and what it was sent. */
function startNode() {
  const seen: { authorization?: string; body: { jsonrpc: string; id: number; method: string } }[] = [];
  const server = http.createServer(async (req, res) => {
    let text = '';
    for await (const chunk of req) text += chunk;
    const body = JSON.parse(text);
    seen.push({ authorization: req.headers.authorization, body });
    const answer = (status: number, json: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
    if (body.method === 'eth_blockNumber') return answer(200, { jsonrpc: '2.0', id: body.id, result: '0x2a' });
    if (body.method === 'eth_call') {
      // Error(string) "no funds", as a node reports a revert.
      const data = `0x08c379a0${'20'.padStart(64, '0')}${'8'.padStart(64, '0')}${Buffer.from('no funds').toString('hex').padEnd(64, '0')}`;
      return answer(200, { jsonrpc: '2.0', id: body.id, error: { code: 3, message: 'execution reverted: no funds', data } });
    }
    return res.writeHead(401, { 'content-type': 'text/plain' }).end('who are you');
  });
  return { server, seen };
}

describe('the pooled JSON-RPC transport', () => {
  const node = startNode();
  let url = '';
  before(async () => {
    await new Promise<void>((r) => node.server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(node.server.address() as { port: number }).port}/rpc?key=k`;
  });
  after(() => node.server.close());
  const clients = () => ({
    pooled: createPublicClient({ chain: base, transport: pooledHttp(url) }),
    fetched: createPublicClient({ chain: base, transport: viemHttp(url) }),
  });

  it("answers as viem's http transport does, sent to the URL's path, one JSON-RPC request each", async () => {
    const { pooled, fetched } = clients();
    node.seen.length = 0;
    assert.equal(await pooled.getBlockNumber({ cacheTime: 0 }), 42n);
    assert.equal(await fetched.getBlockNumber({ cacheTime: 0 }), 42n);
    assert.equal(node.seen.length, 2);
    assert.equal(node.seen[0].body.jsonrpc, '2.0');
    assert.equal(node.seen[0].body.method, 'eth_blockNumber');
  });

  it("fails as viem's http transport does: a revert with its reason, an HTTP refusal with its status", async () => {
    const { pooled, fetched } = clients();
    const call = { to: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', data: '0x70a08231' } as const;
    const errorOf = (p: Promise<unknown>) =>
      p.then(
        () => assert.fail('no error'),
        (err: Error & { shortMessage?: string }) => err,
      );
    const [a, b] = await Promise.all([errorOf(pooled.call(call)), errorOf(fetched.call(call))]);
    assert.equal(a.name, b.name);
    assert.equal(a.shortMessage, b.shortMessage);
    assert.match(a.shortMessage ?? '', /no funds/);
    const [c, d] = await Promise.all([errorOf(pooled.getChainId()), errorOf(fetched.getChainId())]);
    assert.equal(c.name, d.name);
    assert.match(c.message, /401/);
  });

  it('sends the credentials of the URL as Basic authentication, as viem does', async () => {
    const withUser = url.replace('http://', 'http://user:s%40cret@');
    node.seen.length = 0;
    await createPublicClient({ chain: base, transport: pooledHttp(withUser) }).getBlockNumber({ cacheTime: 0 });
    await createPublicClient({ chain: base, transport: viemHttp(withUser) }).getBlockNumber({ cacheTime: 0 });
    assert.equal(node.seen[0].authorization, `Basic ${Buffer.from('user:s@cret').toString('base64')}`);
    assert.equal(node.seen[0].authorization, node.seen[1].authorization);
  });
});
