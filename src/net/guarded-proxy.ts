import http from 'node:http';
import type net from 'node:net';
import type { Duplex, Readable } from 'node:stream';
import { guardedAgent, guardedConnector, request } from './guarded-agent.js';
import { FetchRefused } from './url-guard.js';

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

/** Headers of one hop only (RFC 9110 7.6.1), and the proxy's own: never passed on. */
const HOP_HEADERS = [
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
];

/** What one proxy tracks: the streams to cut when over budget, the bytes relayed, the refusals. */
class ProxyState {
  readonly streams = new Set<Readable>();
  readonly refusals: ProxyRefusal[] = [];
  overBudget = false;
  private received = 0;

  constructor(private readonly maxBytes: number | undefined) {}

  track(s: Readable): void {
    this.streams.add(s);
    s.on('close', () => this.streams.delete(s));
  }

  /** Counts bytes from upstream; past the budget, cuts every connection. */
  readonly count = (chunk: Buffer): void => {
    this.received += chunk.length;
    if (this.maxBytes !== undefined && this.received > this.maxBytes && !this.overBudget) {
      this.overBudget = true;
      this.cutAll();
    }
  };

  /** The reason to show when `err` is a refusal of the guard (recorded), else null. */
  refuse(target: string, err: unknown): string | null {
    if (!(err instanceof FetchRefused)) return null;
    this.refusals.push({ target, reason: err.message });
    return err.message;
  }

  cutAll(): void {
    for (const s of this.streams) s.destroy();
  }
}

/**
 * A forward proxy on 127.0.0.1 for programs that open their own connections (yt-dlp: pages, manifests,
 * segments, redirects). Plain-HTTP requests go through undici's guarded agent and CONNECT tunnels through its
 * guarded connector, so every target is resolved and checked by the address guard before anything connects:
 * a blocked target gets 403 and no connection is made to it.
 */
export async function startGuardedProxy(opts: GuardedProxyOptions): Promise<GuardedProxy> {
  const state = new ProxyState(opts.maxBytes);
  const server = http.createServer((req, res) => relay(req, res, state, opts.allowLoopback));
  server.on('connect', (req: http.IncomingMessage, client: Duplex, head: Buffer) => tunnel(req, client, head, state, opts.allowLoopback));
  server.on('clientError', (_err, socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const proxy: GuardedProxy = {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    refusals: state.refusals,
    get overBudget() {
      return state.overBudget;
    },
    close() {
      state.cutAll();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
  return proxy;
}

/** A plain-HTTP request (absolute URL) relayed upstream through the guarded agent. */
function relay(req: http.IncomingMessage, res: http.ServerResponse, state: ProxyState, allowLoopback: boolean): void {
  state.track(req.socket);
  let url: URL;
  try {
    url = new URL(req.url ?? '');
    if (url.protocol !== 'http:') throw new Error('not http');
  } catch {
    return void res.writeHead(400, { 'content-type': 'text/plain' }).end('absolute http:// URL expected');
  }
  const hasBody = req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined;
  const headers = { ...withoutHopHeaders(req.headers), host: url.host };
  request(url, { method: req.method as 'GET', headers, body: hasBody ? req : null, dispatcher: guardedAgent(allowLoopback) }).then(
    (up) => {
      state.track(up.body);
      up.body.on('data', state.count);
      res.writeHead(up.statusCode, withoutHopHeaders(up.headers));
      up.body.pipe(res);
      up.body.on('error', () => res.destroy());
    },
    (err) => {
      const why = state.refuse(url.host, err);
      if (res.headersSent) return void res.destroy();
      res.writeHead(why ? 403 : 502, { 'content-type': 'text/plain' }).end(why ?? `cannot reach ${url.host}`);
    },
  );
}

/** A CONNECT tunnel to host:port, its socket opened by the guarded connector. */
function tunnel(req: http.IncomingMessage, client: Duplex, head: Buffer, state: ProxyState, allowLoopback: boolean): void {
  state.track(client);
  const [hostname, port] = splitHostPort(req.url ?? '');
  guardedConnector(allowLoopback)({ hostname, host: `${hostname}:${port}`, port: String(port), protocol: 'http:' }, (err, upstream) => {
    if (err || !upstream) {
      const why = state.refuse(`${hostname}:${port}`, err);
      return void client.end(`HTTP/1.1 ${why ? '403 Forbidden' : '502 Bad Gateway'}\r\ncontent-type: text/plain\r\n\r\n${why ?? ''}`);
    }
    state.track(upstream);
    upstream.on('data', state.count);
    client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    if (head.length) upstream.write(head);
    upstream.pipe(client);
    client.pipe(upstream);
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
}

function withoutHopHeaders(headers: http.IncomingHttpHeaders): http.IncomingHttpHeaders {
  const kept = { ...headers };
  for (const name of HOP_HEADERS) delete kept[name];
  return kept;
}

function splitHostPort(authority: string): [string, number] {
  const m = /^\[?([^\]]+?)\]?:(\d+)$/.exec(authority);
  return m ? [m[1], Number(m[2])] : [authority, 443];
}
