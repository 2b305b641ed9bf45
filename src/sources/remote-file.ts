import type { Readable } from 'node:stream';
import { FetchRefused, type WebFetcher } from '../engines/download/download.port.js';
import { mediaTypeOf } from './media-types.js';
import type { ReadRange } from './mp4-index.js';
import { SourceBlocked, SourceRefused } from './source-refused.js';

/** The first bytes of a remote file, with what its answer said about it. */
export interface RemoteHead {
  /** The URL answered from, after redirects. */
  url: URL;
  status: number;
  mediaType: string;
  /** The whole file's size, when the server states it. */
  total: number | null;
  head: Buffer;
}

export interface HeadOptions {
  /** How far to read when the answer states no size (no Content-Length, a compressed body): `bytes` unless said. */
  unknownLengthBytes?: number;
  /** Request headers beside the range (an extractor's headers for a format URL). */
  headers?: Record<string, string>;
}

/**
 * GETs the first `bytes` of `url` (a range request; a server that ignores it is read that far and cut off). A body
 * that breaks off keeps what arrived: the answer's status, type and size may already tell why the source is refused.
 * A whole file that ends within what is read has a known size even when the server does not state it.
 */
export async function readHead(
  web: WebFetcher,
  url: string,
  bytes: number,
  signal: AbortSignal,
  label: string,
  opts: HeadOptions = {},
): Promise<RemoteHead> {
  const headers = { ...opts.headers, range: `bytes=0-${bytes - 1}` };
  const res = await reach(label, signal, () => web.open(url, { signal, headers }));
  const max = res.total === null && res.status === 200 ? (opts.unknownLengthBytes ?? bytes) : bytes;
  if (res.status >= 400) res.body.destroy();
  const read = res.status < 400 ? await readSome(res.body, max, signal) : { bytes: Buffer.alloc(0), ended: false };
  const total = res.total ?? (res.status === 200 && read.ended ? read.bytes.length : null);
  return { url: res.url, status: res.status, mediaType: mediaTypeOf(res.contentType), total, head: read.bytes };
}

/** Reads byte ranges of `url` (of `total` bytes); a server that answers a range with the whole file is read up to the range. */
export function rangeReader(web: WebFetcher, url: string, signal: AbortSignal, label: string): ReadRange {
  return async (start, length) => {
    const end = start + length - 1;
    const res = await reach(label, signal, () => web.open(url, { signal, headers: { range: `bytes=${start}-${end}` } }));
    if (res.status === 206) return reach(label, signal, () => readUpTo(res.body, length));
    if (res.status !== 200) {
      res.body.destroy();
      throw new SourceRefused(`${label} answered HTTP ${res.status} when its end was read`);
    }
    const upToEnd = await reach(label, signal, () => readUpTo(res.body, end + 1));
    return upToEnd.subarray(start);
  };
}

/** Runs a fetch, turning what makes the source unusable (a blocked address, no answer) into a SourceRefused. */
export async function reach<T>(label: string, signal: AbortSignal, fetch: () => Promise<T>): Promise<T> {
  try {
    return await fetch();
  } catch (err) {
    if (signal.aborted) throw err;
    if (err instanceof FetchRefused) throw new SourceBlocked(`${label} is blocked: ${err.message}`);
    const code = (err as NodeJS.ErrnoException).code;
    throw new SourceRefused(`${label} could not be reached (${code ?? (err as Error).message})`);
  }
}

/**
 * The stream's first `max` bytes (fewer when it ends first); the rest is not downloaded. With `signal`, a stream
 * that breaks off yields what arrived (unless the check itself was aborted); without, the break is thrown.
 */
export async function readUpTo(body: Readable, max: number, signal?: AbortSignal): Promise<Buffer> {
  return (await readSome(body, max, signal)).bytes;
}

/** `readUpTo`, saying whether the stream ended within `max` bytes (and did not break off). */
async function readSome(body: Readable, max: number, signal?: AbortSignal): Promise<{ bytes: Buffer; ended: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  let ended = false;
  try {
    for await (const chunk of body) {
      chunks.push(chunk as Buffer);
      size += (chunk as Buffer).length;
      if (size >= max) break;
    }
    ended = size < max;
  } catch (err) {
    if (!signal || signal.aborted) throw err;
  } finally {
    body.destroy();
  }
  return { bytes: Buffer.concat(chunks).subarray(0, max), ended };
}
