import http from 'node:http';

export type ProxyMode = 'pass' | 'lose-broadcast-answer' | 'down-after-broadcast' | 'down' | 'crash-at-broadcast';

/**
 * A JSON-RPC proxy on loopback in front of a chain, to fail where real RPCs fail worst: the transaction
 * is broadcast, but its answer never arrives (and, optionally, the RPC stays down afterwards).
 */
export async function startRpcProxy(): Promise<{
  url: string;
  target: string;
  mode: ProxyMode;
  lostAnswers: number;
  /** Runs once before the next broadcast is forwarded (e.g. a payer front-running the settlement), given its JSON-RPC body. */
  beforeBroadcast: ((body: string) => Promise<void>) | null;
  close(): Promise<void>;
}> {
  const state = {
    url: '',
    target: '',
    mode: 'pass' as ProxyMode,
    lostAnswers: 0,
    beforeBroadcast: null as ((body: string) => Promise<void>) | null,
  };
  const server = http.createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    if (state.mode === 'down') return req.socket.destroy();
    if (state.mode === 'crash-at-broadcast' && body.includes('eth_sendRawTransaction')) {
      state.mode = 'down'; // the settling process is gone: nothing is sent, nothing answered
      return req.socket.destroy();
    }
    if (body.includes('eth_sendRawTransaction') && state.beforeBroadcast) {
      const hook = state.beforeBroadcast;
      state.beforeBroadcast = null;
      await hook(body);
    }
    const upstream = await fetch(state.target, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    const text = await upstream.text();
    if (body.includes('eth_sendRawTransaction') && state.mode !== 'pass') {
      if (state.mode === 'down-after-broadcast') state.mode = 'down';
      state.lostAnswers++;
      return req.socket.destroy(); // broadcast done, answer lost
    }
    res.writeHead(upstream.status, { 'content-type': 'application/json' }).end(text);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  state.url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return Object.assign(state, {
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  });
}
