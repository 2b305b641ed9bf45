import http from 'node:http';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import { blockedReason } from './address-guard.js';
import { FetchRefused, guardedLookup } from './safe-fetch.js';

/** A connection the proxy refused: the host asked for and why (the blocked address is in `reason`). */
export interface ProxyRefusal {
  target: string;
  reason: string;
}

export interface GuardedProxy {
  /** `http://127.0.0.1:<port>`: the value for a client's proxy setting. */
  url: string;
  /** Connections refused so far, in order. */
  refusals: ProxyRefusal[];
  /** True once more than `maxBytes` came from upstream; every connection is then cut. */
  overBudget: boolean;
  close(): Promise<void>;
}

export interface GuardedProxyOptions {
  allowLoopback: boolean;
  /** Bytes the proxy relays from upstream before it cuts every connection (a download's size limit). */
  maxBytes?: number;
}

/**
 * A forward proxy on 127.0.0.1 for programs that open their own connections (yt-dlp: pages, manifests,
 * segments, redirects). Plain-HTTP requests and CONNECT tunnels alike resolve the target with the guarded
 * lookup of `safeFetch` and connect to the address it checked, so no hop reaches a blocked address: a
 * blocked target gets 403 and no connection is made to it.
 */
export async function startGuardedProxy(opts: GuardedProxyOptions): Promise<GuardedProxy> {
  const sockets = new Set<Duplex>();
  let received = 0;
  const state: GuardedProxy = { url: '', refusals: [], overBudget: false, close };
  const track = (s: Duplex) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  };
  const count = (chunk: Buffer) => {
    received += chunk.length;
    if (opts.maxBytes !== undefined && received > opts.maxBytes && !state.overBudget) {
      state.overBudget = true;
      for (const s of sockets) s.destroy();
    }
  };
  const refuse = (target: string, err: unknown): string | null => {
    if (!(err instanceof FetchRefused)) return null;
    state.refusals.push({ target, reason: err.message });
    return err.message;
  };

  const server = http.createServer((req, res) => {
    track(req.socket);
    let url: URL;
    try {
      url = new URL(req.url ?? '');
      if (url.protocol !== 'http:') throw new Error('not http');
    } catch {
      return void res.writeHead(400, { 'content-type': 'text/plain' }).end('absolute http:// URL expected');
    }
    resolveTarget(url.hostname, opts.allowLoopback).then(
      (address) => {
        const headers: http.OutgoingHttpHeaders = { ...req.headers, host: url.host };
        delete headers['proxy-connection'];
        delete headers['proxy-authorization'];
        const upstream = http.request({
          host: address,
          port: url.port || 80,
          path: url.pathname + url.search,
          method: req.method,
          headers,
        });
        upstream.on('socket', track);
        upstream.on('response', (up) => {
          up.on('data', count);
          res.writeHead(up.statusCode ?? 502, up.headers);
          up.pipe(res);
        });
        upstream.on('error', () => (res.headersSent ? res.destroy() : res.writeHead(502).end()));
        req.pipe(upstream);
      },
      (err) => {
        const why = refuse(url.host, err);
        res.writeHead(why ? 403 : 502, { 'content-type': 'text/plain' }).end(why ?? `cannot reach ${url.host}`);
      },
    );
  });

  server.on('connect', (req: http.IncomingMessage, client: Duplex, head: Buffer) => {
    track(client);
    const [host, port] = splitHostPort(req.url ?? '');
    resolveTarget(host, opts.allowLoopback).then(
      (address) => {
        const upstream = net.connect({ host: address, port });
        track(upstream);
        upstream.on('data', count);
        upstream.once('connect', () => {
          client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
          if (head.length) upstream.write(head);
          upstream.pipe(client);
          client.pipe(upstream);
        });
        upstream.on('error', () => client.destroyed || client.end('HTTP/1.1 502 Bad Gateway\r\n\r\n'));
        client.on('error', () => upstream.destroy());
      },
      (err) => {
        const why = refuse(`${host}:${port}`, err);
        client.end(`HTTP/1.1 ${why ? '403 Forbidden' : '502 Bad Gateway'}\r\ncontent-type: text/plain\r\n\r\n${why ?? ''}`);
      },
    );
  });
  server.on('clientError', (_err, socket) => socket.destroy());

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  return state;

  function close(): Promise<void> {
    for (const s of sockets) s.destroy();
    return new Promise((resolve) => server.close(() => resolve()));
  }
}

/** The checked address to connect to for `host` (a name or an IP literal); rejects with FetchRefused when blocked. */
function resolveTarget(host: string, allowLoopback: boolean): Promise<string> {
  const bare = host.replace(/^\[|\]$/g, '');
  if (net.isIP(bare)) {
    const why = blockedReason(bare, { allowLoopback });
    return why ? Promise.reject(new FetchRefused(`${bare} is a blocked address (${why})`)) : Promise.resolve(bare);
  }
  if (bare === 'localhost' || bare.endsWith('.localhost')) {
    if (!allowLoopback) return Promise.reject(new FetchRefused(`${bare} is a blocked address (loopback)`));
  }
  const lookup = guardedLookup(allowLoopback);
  // Without `all`, a lookup answers one address as a string.
  return new Promise((resolve, reject) => lookup(bare, {}, (err, address) => (err ? reject(err) : resolve(address as string))));
}

function splitHostPort(authority: string): [string, number] {
  const m = /^\[?([^\]]+?)\]?:(\d+)$/.exec(authority);
  return m ? [m[1], Number(m[2])] : [authority, 443];
}
