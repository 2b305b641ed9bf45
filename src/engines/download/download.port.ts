import type { Readable } from 'node:stream';

export { type FetchedBytes, FetchTooLarge } from '../../net/fetch-bytes.js';
// The refusals a caller tells apart: a URL or address the guard refuses, a body over the caller's limit.
export { FetchRefused } from '../../net/safe-fetch.js';

import type { FetchedBytes } from '../../net/fetch-bytes.js';

/** An answer whose body is not read yet: pipe it or destroy it. */
export interface WebResponse {
  status: number;
  /** The Content-Type header as sent, or null. */
  contentType: string | null;
  /** The Content-Length header, or null. */
  contentLength: number | null;
  /** The whole resource's size: Content-Range's total on a 206, Content-Length on a 200; null when unstated. */
  total: number | null;
  /** The URL answered from, after redirects. */
  url: URL;
  body: Readable;
}

/**
 * Fetching user-given URLs (the port; the address-guarded HTTP client is the adapter): every redirect hop
 * and every address connected to is checked, so a URL cannot reach private or metadata addresses.
 * A refused URL or address is a FetchRefused; a network failure is an ordinary error with a `code`.
 */
export interface WebFetcher {
  /** The URL parsed, or a FetchRefused saying why it is refused on its face (scheme, credentials, address). */
  check(url: string): URL;
  /** A GET, its body unread. */
  open(url: string, opts: { signal: AbortSignal; headers?: Record<string, string> }): Promise<WebResponse>;
  /** A GET, its whole body read; more than `maxBytes` is a FetchTooLarge. */
  fetchBytes(url: string, opts: { signal: AbortSignal; maxBytes: number; headers?: Record<string, string> }): Promise<FetchedBytes>;
}

export interface PageVideo {
  path: string;
  bytes: number;
  finalUrl: string;
  title: string | null;
}

/** What the extractor found at a page, platform link or manifest without downloading it. */
export interface PageVideoInfo {
  /** Seconds, when the site says. */
  duration: number | null;
  /** Bytes of what would be downloaded, when the site says. */
  size: number | null;
  /** Whether what would be downloaded has a picture (false: audio only); null when the site does not say. */
  hasVideo: boolean | null;
  title: string | null;
  /** The extractor's own metadata, trimmed to the formats it would download: hand it to `download` to skip extracting again. */
  info: Record<string, unknown>;
}

/**
 * Downloading the video a page, platform link or HLS/DASH manifest leads to (the port; yt-dlp behind the
 * guarded proxy is the adapter). Failures are KnownFailures naming the source with `label`.
 */
export interface PageVideoDownloader {
  /** Shown in the job's `engines`. */
  readonly name: string;
  /** What `download` would fetch, found without fetching it (a failure says why there is nothing to fetch). */
  inspect(url: string, opts: { signal: AbortSignal; label: string }): Promise<PageVideoInfo>;
  /** `info`: what `inspect` found earlier, so the page is not extracted a second time. */
  download(
    url: string,
    opts: { workDir: string; maxBytes: number; signal: AbortSignal; label: string; info?: Record<string, unknown> },
  ): Promise<PageVideo>;
}
