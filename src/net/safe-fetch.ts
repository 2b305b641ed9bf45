import dns from 'node:dns';
import { isIP } from 'node:net';
import { Agent, fetch, type Response } from 'undici';
import { blockedReason } from './address-guard.js';

export interface SafeFetchOptions {
  signal: AbortSignal;
  allowLoopback: boolean;
  headers?: Record<string, string>;
  maxRedirects?: number;
}

/** A fetch refused for a reason the user should read (blocked address, bad URL, too many redirects). */
export class FetchRefused extends Error {}

const agents = new Map<boolean, Agent>();

/**
 * An undici agent whose DNS answers are checked before connecting: the address the socket connects to
 * is the one checked, so a name that resolves to a private address (DNS rebinding included) is refused.
 */
function guardedAgent(allowLoopback: boolean): Agent {
  let agent = agents.get(allowLoopback);
  if (!agent) {
    const lookup = (hostname: string, options: dns.LookupOptions, callback: (...args: any[]) => void) => {
      dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
        if (err) return callback(err);
        const list = addresses as dns.LookupAddress[];
        for (const a of list) {
          const why = blockedReason(a.address, { allowLoopback });
          if (why) return callback(new FetchRefused(`${hostname} resolves to a blocked address (${a.address}: ${why})`));
        }
        if (options.all) return callback(null, list);
        callback(null, list[0].address, list[0].family);
      });
    };
    agent = new Agent({ connect: { lookup: lookup as any }, connectTimeout: 15_000 });
    agents.set(allowLoopback, agent);
  }
  return agent;
}

/** Refuses URLs that are not http(s) or name a blocked IP literal. */
export function checkUrl(raw: string, allowLoopback: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new FetchRefused(`'${raw}' is not a valid URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchRefused(`only http and https URLs can be fetched, not ${url.protocol}`);
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
 * GET with every redirect hop checked like the first URL (at most `maxRedirects`), through the guarded
 * agent. Returns the final response (its body unread) and the final URL.
 */
export async function safeFetch(raw: string, opts: SafeFetchOptions): Promise<{ response: Response; url: URL }> {
  let url = checkUrl(raw, opts.allowLoopback);
  const dispatcher = guardedAgent(opts.allowLoopback);
  for (let hop = 0; ; hop++) {
    let response: Response;
    try {
      response = await fetch(url, { redirect: 'manual', signal: opts.signal, dispatcher, headers: { 'user-agent': 'vidint/0.1 (+media fetch)', ...opts.headers } });
    } catch (err) {
      throw unwrap(err);
    }
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel().catch(() => undefined);
      if (hop >= (opts.maxRedirects ?? 5)) throw new FetchRefused(`more than ${opts.maxRedirects ?? 5} redirects`);
      url = checkUrl(new URL(location, url).toString(), opts.allowLoopback);
      continue;
    }
    return { response, url };
  }
}

/** undici wraps connection errors in `TypeError: fetch failed`; the cause says what happened. */
function unwrap(err: unknown): Error {
  let e: any = err;
  while (e?.cause && !(e instanceof FetchRefused)) e = e.cause;
  return e instanceof Error ? e : new Error(String(e));
}
