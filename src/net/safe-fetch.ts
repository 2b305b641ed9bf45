import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import { guardedAgent, request } from './guarded-agent.js';
import { checkUrl, FetchRefused } from './url-guard.js';

export { checkUrl, FetchRefused, guardedLookup } from './url-guard.js';

export interface SafeFetchOptions {
  signal: AbortSignal;
  allowLoopback: boolean;
  headers?: Record<string, string>;
  maxRedirects?: number;
}

export interface SafeResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body, unread: a stream to pipe or to destroy. */
  body: Readable;
  url: URL;
}

/** A server that sends no headers, or no body bytes, for this long is given up on. */
const IDLE_MS = 15_000;

/**
 * GET through undici's guarded agent (every address connected to checked), with every redirect hop checked on
 * its face like the first URL (at most `maxRedirects`).
 */
export async function safeFetch(raw: string, opts: SafeFetchOptions): Promise<SafeResponse> {
  let url = checkUrl(raw, opts.allowLoopback);
  const maxRedirects = opts.maxRedirects ?? 5;
  for (let hop = 0; ; hop++) {
    const res = await request(url, {
      dispatcher: guardedAgent(opts.allowLoopback),
      signal: opts.signal,
      headers: { 'user-agent': 'vidint/0.1 (+media fetch)', ...opts.headers },
      headersTimeout: IDLE_MS,
      bodyTimeout: IDLE_MS,
    });
    const location = res.headers.location;
    if (res.statusCode >= 300 && res.statusCode < 400 && typeof location === 'string') {
      await res.body.dump();
      if (hop >= maxRedirects) throw new FetchRefused(`more than ${maxRedirects} redirects`);
      url = checkUrl(new URL(location, url).toString(), opts.allowLoopback);
      continue;
    }
    // undici reports a body destroyed before its end (a reader that has read enough) as an 'error': readers that
    // care about errors listen themselves (pipeline, for await), so a deliberate destroy must not crash the process.
    res.body.on('error', () => undefined);
    return { status: res.statusCode, headers: res.headers, body: res.body, url };
  }
}
