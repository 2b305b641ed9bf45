import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { blockedReason } from './address-guard.js';

export interface SafeFetchOptions {
  signal: AbortSignal;
  allowLoopback: boolean;
  headers?: Record<string, string>;
  maxRedirects?: number;
}

/** A fetch refused for a reason the user should read (blocked address, bad URL, too many redirects). */
export class FetchRefused extends Error {}

export interface SafeResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body, unread: a stream to pipe or to destroy. */
  body: http.IncomingMessage;
  url: URL;
}

/**
 * The DNS lookup of every guarded request: the addresses a name resolves to are checked before the
 * socket connects to one of them, so a name pointing at a private address (DNS rebinding included)
 * is refused at the address actually connected to.
 */
export function guardedLookup(allowLoopback: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const list = addresses as dns.LookupAddress[];
      for (const a of list) {
        const why = blockedReason(a.address, { allowLoopback });
        if (why) return callback(new FetchRefused(`${hostname} resolves to a blocked address (${a.address}: ${why})`), []);
      }
      if (options.all) return callback(null, list);
      callback(null, list[0].address, list[0].family);
    });
  };
}

/** Refuses URLs that are not http(s), carry credentials, or name a blocked IP literal or localhost. */
export function checkUrl(raw: string, allowLoopback: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new FetchRefused(`'${raw}' is not a valid URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new FetchRefused(`only http and https URLs can be fetched, not ${url.protocol}`);
  if (url.username || url.password) throw new FetchRefused('URLs with credentials are not fetched');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) {
    const why = blockedReason(host, { allowLoopback });
    if (why) throw new FetchRefused(`${host} is a blocked address (${why})`);
  } else if (host === 'localhost' || host.endsWith('.localhost')) {
    if (!allowLoopback) throw new FetchRefused(`${host} is a blocked address (loopback)`);
  }
  return url;
}

/**
 * GET with every redirect hop checked like the first URL (at most `maxRedirects`). Built on node:http
 * rather than undici, whose import replaces Node's global fetch dispatcher for the whole process.
 */
export async function safeFetch(raw: string, opts: SafeFetchOptions): Promise<SafeResponse> {
  let url = checkUrl(raw, opts.allowLoopback);
  const lookup = guardedLookup(opts.allowLoopback);
  for (let hop = 0; ; hop++) {
    const res = await get(url, lookup, opts);
    const location = res.headers.location;
    if (res.statusCode! >= 300 && res.statusCode! < 400 && location) {
      res.destroy();
      if (hop >= (opts.maxRedirects ?? 5)) throw new FetchRefused(`more than ${opts.maxRedirects ?? 5} redirects`);
      url = checkUrl(new URL(location, url).toString(), opts.allowLoopback);
      continue;
    }
    return { status: res.statusCode!, headers: res.headers, body: res, url };
  }
}

function get(url: URL, lookup: LookupFunction, opts: SafeFetchOptions): Promise<http.IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.get(
      url,
      {
        lookup,
        signal: opts.signal,
        headers: { 'user-agent': 'vidint/0.1 (+media fetch)', ...opts.headers },
        timeout: 15_000,
      },
      resolve,
    );
    req.on('timeout', () => req.destroy(Object.assign(new Error('no answer within 15 s'), { code: 'ETIMEDOUT' })));
    req.on('error', reject);
  });
}
