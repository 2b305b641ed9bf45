import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { blockedReason } from './address-guard.js';
import { checkUrl, FetchRefused, guardedLookup } from './safe-fetch.js';

export interface GuardedPostOptions {
  allowLoopback: boolean;
  timeoutMs: number;
  headers?: Record<string, string>;
}

/**
 * POSTs `body` to `raw` through the address guard (the URL on its face, then the address connected to, after
 * DNS), following no redirect. Resolves with the status; rejects on a refused address, a network error or
 * the timeout (code ETIMEDOUT). The answer's body is read and dropped.
 */
export function guardedPost(raw: string, body: string, opts: GuardedPostOptions): Promise<number> {
  const url = checkUrl(raw, opts.allowLoopback);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(url, {
      method: 'POST',
      lookup: guardedLookup(opts.allowLoopback),
      headers: {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
        'user-agent': 'vidint/0.1 (+callback)',
        ...opts.headers,
      },
      timeout: opts.timeoutMs,
    });
    req.on('timeout', () => req.destroy(Object.assign(new Error(`no answer within ${opts.timeoutMs} ms`), { code: 'ETIMEDOUT' })));
    req.on('error', reject);
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.end(body);
  });
}

/**
 * Why the host of `raw` must not be called back (its name resolves to a blocked address), or null when every
 * address it resolves to is allowed, or when the lookup is inconclusive (a temporary DNS failure).
 */
export async function blockedHost(raw: string, allowLoopback: boolean): Promise<string | null> {
  let url: URL;
  try {
    url = checkUrl(raw, allowLoopback);
  } catch (err) {
    return (err as Error).message;
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  try {
    const addresses = await dns.promises.lookup(host, { all: true });
    for (const a of addresses) {
      const why = blockedReason(a.address, { allowLoopback });
      if (why) return `${host} resolves to a blocked address (${a.address}: ${why})`;
    }
    return null;
  } catch (err) {
    if (err instanceof FetchRefused) return err.message;
    const code = (err as NodeJS.ErrnoException).code;
    return code === 'ENOTFOUND' ? `${host} does not resolve (ENOTFOUND)` : null;
  }
}
