import { type FetchedBytes, fetchBytes } from '../../net/fetch-bytes.js';
import { checkUrl, safeFetch } from '../../net/safe-fetch.js';
import type { WebFetcher, WebResponse } from './download.port.js';

/** The web port on the address-guarded HTTP client (src/net); FETCH_ALLOW_LOOPBACK lets tests reach 127.0.0.1. */
export class GuardedWebFetcher implements WebFetcher {
  constructor(private readonly allowLoopback: boolean) {}

  check(url: string): URL {
    return checkUrl(url, this.allowLoopback);
  }

  async open(url: string, opts: { signal: AbortSignal; headers?: Record<string, string> }): Promise<WebResponse> {
    const res = await safeFetch(url, { ...opts, allowLoopback: this.allowLoopback });
    const length = Number(res.headers['content-length'] ?? NaN);
    const contentLength = Number.isFinite(length) ? length : null;
    const rangeTotal = Number(/\/(\d+)\s*$/.exec(String(res.headers['content-range'] ?? ''))?.[1] ?? NaN);
    return {
      status: res.status,
      contentType: res.headers['content-type'] ?? null,
      contentLength,
      total: res.status === 206 ? (Number.isFinite(rangeTotal) ? rangeTotal : null) : res.status === 200 ? contentLength : null,
      url: res.url,
      body: res.body,
    };
  }

  fetchBytes(url: string, opts: { signal: AbortSignal; maxBytes: number; headers?: Record<string, string> }): Promise<FetchedBytes> {
    return fetchBytes(url, { ...opts, allowLoopback: this.allowLoopback });
  }
}
