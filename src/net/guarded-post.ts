import dns from 'node:dns';
import { blockedReason } from './address-guard.js';
import { guardedAgent, request } from './guarded-agent.js';
import { checkUrl, FetchRefused } from './url-guard.js';

export interface GuardedPostOptions {
  allowLoopback: boolean;
  timeoutMs: number;
  headers?: Record<string, string>;
}

/**
 * POSTs `body` to `raw` through the address guard (the URL on its face, then the address connected to, after
 * DNS), following no redirect. Resolves with the status; rejects on a refused address, a network error or
 * the timeout. The answer's body is read and dropped.
 */
export async function guardedPost(raw: string, body: string, opts: GuardedPostOptions): Promise<number> {
  const url = checkUrl(raw, opts.allowLoopback);
  const res = await request(url, {
    method: 'POST',
    dispatcher: guardedAgent(opts.allowLoopback),
    body,
    headers: { 'content-type': 'application/json', 'user-agent': 'vidint/0.1 (+callback)', ...opts.headers },
    headersTimeout: opts.timeoutMs,
    bodyTimeout: opts.timeoutMs,
  });
  await res.body.dump();
  return res.statusCode;
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
