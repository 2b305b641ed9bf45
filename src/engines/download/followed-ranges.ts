import { Readable } from 'node:stream';
import type { SafeResponse } from '../../net/safe-fetch.js';

/** A byte range: `end` inclusive, null for "to the end of the file". */
export interface ByteRange {
  start: number;
  end: number | null;
}

/** The range a Range header asks for (`bytes=a-b`, `bytes=a-`); null for none or any other form (suffix, several). */
export function askedRange(range: string | undefined): ByteRange | null {
  const m = /^bytes=(\d+)-(\d*)$/.exec(range?.trim() ?? '');
  return m ? { start: Number(m[1]), end: m[2] ? Number(m[2]) : null } : null;
}

/** Content-Range's `bytes a-b/total` (total null when `*`); null when absent or malformed. */
export function contentRange(value: string | string[] | undefined): { start: number; end: number; total: number | null } | null {
  const m = /^bytes\s+(\d+)-(\d+)\/(\d+|\*)\s*$/.exec(String(value ?? ''));
  if (!m || Number(m[2]) < Number(m[1])) return null;
  return { start: Number(m[1]), end: Number(m[2]), total: m[3] === '*' ? null : Number(m[3]) };
}

/**
 * The body of a 206 continued to the end of what was wanted (the asked range, else the whole file Content-Range
 * names): some servers and CDNs answer every request with a piece of at most a few MiB, whatever was asked, so
 * each piece that ends short is followed by a request for the rest. `next` opens the rest from a byte on.
 */
export function followRanges(first: SafeResponse, wanted: ByteRange, next: (from: number) => Promise<SafeResponse>): Readable {
  return Readable.from(pieces(first, wanted, next), { objectMode: false });
}

async function* pieces(first: SafeResponse, wanted: ByteRange, next: (from: number) => Promise<SafeResponse>): AsyncGenerator<Buffer> {
  let res = first;
  let at = wanted.start;
  try {
    for (;;) {
      const range = contentRange(res.headers['content-range']);
      if (res.status !== 206 || !range || range.start !== at) {
        throw new Error(`the server answered a request for the bytes from ${at} on with HTTP ${res.status} and another range`);
      }
      const stop = (wanted.end ?? Number.POSITIVE_INFINITY) + 1;
      for await (const chunk of res.body) {
        // A server that gives more than was asked is cut at the asked end.
        const kept = (chunk as Buffer).subarray(0, Math.max(0, stop - at));
        at += kept.length;
        if (kept.length) yield kept;
        if (at >= stop) return;
      }
      const fileEnd = range.total === null ? Number.POSITIVE_INFINITY : range.total - 1;
      const last = Math.min(wanted.end ?? (range.total === null ? at - 1 : fileEnd), fileEnd);
      if (at > last || at === range.start) return;
      res = await next(at);
    }
  } finally {
    res.body.destroy();
  }
}
