import { Readable } from 'node:stream';
import {
  type FetchedBytes,
  FetchRefused,
  FetchTooLarge,
  type WebFetcher,
  type WebResponse,
} from '../../src/engines/download/download.port.js';

export interface FakePage {
  status?: number;
  contentType?: string | null;
  body: string | Buffer;
  /** Where the answer came from after redirects (default: the URL asked). */
  finalUrl?: string;
}

/**
 * The web port over a table of pages, for service tests: an unknown URL is a connection refused, a URL on
 * 10.0.0.0/8 is refused as the address guard would, and every request is recorded.
 */
export class FakeWeb implements WebFetcher {
  readonly requests: string[] = [];
  constructor(private readonly pages: Record<string, FakePage>) {}

  check(url: string): URL {
    const parsed = new URL(url);
    if (parsed.hostname.startsWith('10.')) throw new FetchRefused(`${parsed.hostname} is a blocked address (private)`);
    return parsed;
  }

  async open(url: string): Promise<WebResponse> {
    const page = this.answer(url);
    const body = Buffer.from(page.body);
    return {
      status: page.status ?? 200,
      contentType: page.contentType === undefined ? 'text/html' : page.contentType,
      contentLength: body.length,
      total: body.length,
      url: new URL(page.finalUrl ?? url),
      body: Readable.from([body]),
    };
  }

  async fetchBytes(url: string, opts: { maxBytes: number }): Promise<FetchedBytes> {
    const page = this.answer(url);
    const body = Buffer.from(page.body);
    if (body.length > opts.maxBytes) throw new FetchTooLarge(`sent more than ${Math.round(opts.maxBytes / 1024)} KiB`);
    return { status: page.status ?? 200, url: new URL(page.finalUrl ?? url), contentType: page.contentType ?? '', body };
  }

  private answer(url: string): FakePage {
    this.check(url);
    this.requests.push(url);
    const page = this.pages[url];
    if (!page) throw Object.assign(new Error(`connect ECONNREFUSED (${url})`), { code: 'ECONNREFUSED' });
    return page;
  }
}
