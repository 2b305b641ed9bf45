import { FetchRefused, safeFetch } from '../net/safe-fetch.js';
import type { Pipeline } from './pipeline.types.js';
import { SOURCE_URL_KEYWORD } from './source-url-keyword.js';

export type SourceVerdict = { ok: true } | { ok: false; status: number; reason: string };

export interface SourceCheckOptions {
  allowLoopback: boolean;
  /** The largest source accepted (VIDEO_MAX_BYTES); a larger declared Content-Length is refused. */
  maxBytes: number;
  /** The whole check's budget; past it the source counts as inconclusive (ok). Default 3 s. */
  timeoutMs?: number;
}

/** Status of a refusal: the source cannot be processed as sent (422 Unprocessable Content). */
export const SOURCE_REFUSED_STATUS = 422;
const DEAD_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
const GONE_STATUSES = new Set([404, 410]);
/** Types that are certainly neither a video nor a page that embeds one. */
const NOT_A_SOURCE = /^(image\/|application\/(json|pdf|zip))/;

/**
 * A bounded check of a source before a payment settles: the host resolves to an allowed address (the
 * guarded lookup) and answers; the URL is not gone (404, 410); where the server states the size, it fits
 * the limit. One ranged GET (bytes=0-0), redirects checked hop by hop. Refusals are only for what is
 * certain; a slow answer, a 5xx or anything else inconclusive lets the payment proceed.
 */
export async function checkSource(url: string, opts: SourceCheckOptions): Promise<SourceVerdict> {
  const refuse = (reason: string): SourceVerdict => ({ ok: false, status: SOURCE_REFUSED_STATUS, reason });
  const signal = AbortSignal.timeout(opts.timeoutMs ?? 3000);
  try {
    const res = await safeFetch(url, { signal, allowLoopback: opts.allowLoopback, headers: { range: 'bytes=0-0' } });
    res.body.destroy();
    if (GONE_STATUSES.has(res.status)) return refuse(`the source URL answered HTTP ${res.status}`);
    const type = String(res.headers['content-type'] ?? '')
      .split(';')[0]
      .trim()
      .toLowerCase();
    if (NOT_A_SOURCE.test(type)) return refuse(`the source URL serves ${type}, not a video or a page`);
    const size = totalSize(res.status, res.headers);
    if (size !== null && size > opts.maxBytes) return refuse(`the source is ${mib(size)} MiB; the limit is ${mib(opts.maxBytes)} MiB`);
    return { ok: true };
  } catch (err) {
    if (err instanceof FetchRefused) return refuse(`the source URL is blocked: ${err.message}`);
    const code = (err as NodeJS.ErrnoException).code ?? '';
    if (DEAD_CODES.has(code)) return refuse(`the source URL could not be reached (${code})`);
    return { ok: true }; // slow (timeout) or inconclusive: let the payment proceed
  }
}

/** The full size of the resource: Content-Range's total on a 206, Content-Length on a 200; null when unstated. */
function totalSize(status: number, headers: Record<string, string | string[] | undefined>): number | null {
  if (status === 206) {
    const total = /\/(\d+)\s*$/.exec(String(headers['content-range'] ?? ''))?.[1];
    return total ? Number(total) : null;
  }
  if (status === 200 && headers['content-length'] !== undefined) {
    const n = Number(headers['content-length']);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

/**
 * The pre-settlement check of a paid request (ARCHITECTURE decision 11): its sources, checked together;
 * the first refusal with its status and reason, or null when the payment may be settled.
 */
export async function checkSources(
  pipeline: Pipeline,
  body: Record<string, unknown>,
  opts: SourceCheckOptions,
): Promise<{ status: number; error: string } | null> {
  const verdicts = await Promise.all(sourceUrls(pipeline, body).map((url) => checkSource(url, opts)));
  for (const v of verdicts) if (!v.ok) return { status: v.status, error: v.reason };
  return null;
}

/** The request body's source URLs: the values of the request fields marked `x-source-url`. */
export function sourceUrls(pipeline: Pipeline, body: Record<string, unknown>): string[] {
  const props = (pipeline.requestSchema.properties ?? {}) as Record<string, Record<string, unknown>>;
  return Object.entries(props)
    .filter(([, schema]) => schema && schema[SOURCE_URL_KEYWORD] !== undefined && schema[SOURCE_URL_KEYWORD] !== false)
    .map(([name]) => body[name])
    .filter((v): v is string => typeof v === 'string' && v.length > 0);
}

function mib(n: number): string {
  return (n / 1024 / 1024).toFixed(n < 10 * 1024 * 1024 ? 1 : 0);
}
