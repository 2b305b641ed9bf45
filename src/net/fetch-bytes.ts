import { type SafeFetchOptions, safeFetch } from './safe-fetch.js';

export interface FetchedBytes {
  status: number;
  /** The URL answered from, after redirects. */
  url: URL;
  contentType: string;
  body: Buffer;
}

/** A body longer than the caller allows: the download stopped there. */
export class FetchTooLarge extends Error {}

/** A bounded download through safeFetch (address guard on every hop): the whole body, at most `maxBytes`. */
export async function fetchBytes(url: string, opts: SafeFetchOptions & { maxBytes: number }): Promise<FetchedBytes> {
  const res = await safeFetch(url, opts);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res.body) {
    size += chunk.length;
    if (size > opts.maxBytes) {
      res.body.destroy();
      throw new FetchTooLarge(`${res.url.host} sent more than ${Math.round(opts.maxBytes / 1024)} KiB`);
    }
    chunks.push(chunk);
  }
  return { status: res.status, url: res.url, contentType: String(res.headers['content-type'] ?? ''), body: Buffer.concat(chunks) };
}
