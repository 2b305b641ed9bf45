import { type FetchedBytes, FetchTooLarge } from '../../net/fetch-bytes.js';
import { checkUrl, type SafeResponse, safeFetch } from '../../net/safe-fetch.js';
import { decodedBody, isDecodable } from './decoded-body.js';
import type { WebFetcher, WebResponse } from './download.port.js';
import { askedRange, contentRange, followRanges } from './followed-ranges.js';

type OpenOptions = { signal: AbortSignal; headers?: Record<string, string> };

/**
 * The web port on the address-guarded HTTP client (src/net); FETCH_ALLOW_LOOPBACK lets tests reach 127.0.0.1.
 * Bodies are what was asked, as the file holds it: a 206 that gives less is followed to the end of the asked
 * range (or of the file, when none was asked), and a Content-Encoding (gzip, deflate, br) is decoded.
 */
export class GuardedWebFetcher implements WebFetcher {
  constructor(private readonly allowLoopback: boolean) {}

  check(url: string): URL {
    return checkUrl(url, this.allowLoopback);
  }

  async open(url: string, opts: OpenOptions): Promise<WebResponse> {
    const res = await safeFetch(url, { ...opts, allowLoopback: this.allowLoopback });
    const asked = askedRange(opts.headers?.range);
    const range = res.status === 206 ? contentRange(res.headers['content-range']) : null;
    const length = Number(res.headers['content-length'] ?? NaN);
    let contentLength = Number.isFinite(length) ? length : null;
    let status = res.status;
    let body = res.body;
    if (range) {
      const wanted = asked ?? { start: 0, end: null };
      body = followRanges(res, wanted, (from) => this.rest(res.url, opts, from, wanted.end));
      const fileEnd = range.total === null ? range.end : range.total - 1;
      contentLength = Math.min(wanted.end ?? fileEnd, fileEnd) - wanted.start + 1;
      // Asked for nothing, given the whole file piece by piece: to the reader, the file's own answer.
      if (!asked) status = 200;
    }
    const total = range ? range.total : res.status === 200 ? contentLength : null;
    const encoding = res.headers['content-encoding'];
    const decoded = isDecodable(encoding);
    return {
      status,
      contentType: res.headers['content-type'] ?? null,
      // Decoded, the body's length is known only once read.
      contentLength: decoded ? null : contentLength,
      total: decoded ? null : total,
      url: res.url,
      body: decodedBody(body, encoding),
    };
  }

  async fetchBytes(url: string, opts: OpenOptions & { maxBytes: number }): Promise<FetchedBytes> {
    const res = await this.open(url, opts);
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of res.body) {
        size += (chunk as Buffer).length;
        if (size > opts.maxBytes) throw new FetchTooLarge(`${res.url.host} sent more than ${Math.round(opts.maxBytes / 1024)} KiB`);
        chunks.push(chunk as Buffer);
      }
    } finally {
      res.body.destroy();
    }
    return { status: res.status, url: res.url, contentType: res.contentType ?? '', body: Buffer.concat(chunks) };
  }

  /** The rest of a ranged answer, from byte `from` (to `end`, or the file's end), at the address that answered. */
  private rest(url: URL, opts: OpenOptions, from: number, end: number | null): Promise<SafeResponse> {
    const range = `bytes=${from}-${end ?? ''}`;
    return safeFetch(url.toString(), { ...opts, headers: { ...opts.headers, range }, allowLoopback: this.allowLoopback });
  }
}
