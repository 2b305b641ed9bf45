import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { WebFetcher } from '../engines/download/download.port.js';
import { KnownFailure } from '../engines/known-failure.js';
import type { MediaInfo } from '../engines/video/video-engine.port.js';
import { findMp4Index, looksLikeMp4, walkMp4Head } from './mp4-index.js';
import { type RemoteHead, rangeReader } from './remote-file.js';
import { SourceRefused } from './source-refused.js';

/** The first bytes fetched of every source: a page's <head>, a media file's header (and a fast-start index). */
export const HEAD_BYTES = 1024 * 1024;
/** The end of a non-MP4 file (Matroska cues, MPEG-TS end times) read beside its head. */
const TAIL_BYTES = 256 * 1024;
/** An index larger than this is not fetched before payment (a 10-minute clip's is a few MiB). */
const MAX_INDEX_BYTES = 64 * 1024 * 1024;

export interface MediaProbeDeps {
  web: WebFetcher;
  /** ffprobe's reading of a local file (the video port's probe); an unreadable file or one without video is a KnownFailure. */
  probe(file: string, signal: AbortSignal): Promise<MediaInfo>;
  /** Where the local stand-in is written, and removed right after. */
  workDir: string;
  maxBytes: number;
  maxSeconds: number;
}

/**
 * Checks before payment that a remote media file is a readable video within the limits, fetching only its
 * head and, as needed, its index (MP4/MOV, found box by box; a truncated file has none, or data past its end)
 * or its tail (other containers). ffprobe reads a local stand-in: a sparse file of the remote's size holding
 * those bytes where they belong. Only what is known is refused (a SourceRefused saying why): when the server
 * does not state the file's size, the head alone is judged (`probeHead`). Null: the head starts like a
 * readable video and no more can be known before the download.
 */
export async function probeRemoteMedia(
  first: RemoteHead,
  deps: MediaProbeDeps,
  signal: AbortSignal,
  label: string,
): Promise<MediaInfo | null> {
  const total = first.total;
  if (total === null) return probeHead(first.head, deps, signal, label);
  if (total > deps.maxBytes) throw new SourceRefused(`${label} is ${mib(total)} MiB; the limit is ${mib(deps.maxBytes)} MiB`);
  if (total === 0) throw new SourceRefused(`${label} serves an empty file, not a video`);
  const parts = [{ start: 0, bytes: first.head }];
  const read = rangeReader(deps.web, first.url.toString(), signal, label);
  if (looksLikeMp4(first.head)) {
    const index = await findMp4Index(first.head, total, read);
    if (typeof index === 'string') throw new SourceRefused(`${label} is not a readable video: ${index}`);
    if (index.size > MAX_INDEX_BYTES)
      throw new SourceRefused(`${label} has an index of ${mib(index.size)} MiB, more than a video within the limits has`);
    if (index.start + index.size > first.head.length) parts.push({ start: index.start, bytes: await read(index.start, index.size) });
  } else if (total > first.head.length) {
    const start = Math.max(first.head.length, total - TAIL_BYTES);
    parts.push({ start, bytes: await read(start, total - start) });
  }
  return checked(await probeStandIn(parts, total, deps, signal).catch(unreadable(label)), deps, label);
}

/**
 * A file of unknown length (no Content-Length, a compressed or endless stream), judged on its head: an MP4
 * whose boxes are whole so far, with its index among them, is probed with those boxes declared complete; one
 * whose index lies past the head is accepted on its structure; other containers are probed on the head alone.
 */
async function probeHead(head: Buffer, deps: MediaProbeDeps, signal: AbortSignal, label: string): Promise<MediaInfo | null> {
  if (head.length === 0) throw new SourceRefused(`${label} sent no data`);
  let size = head.length;
  if (looksLikeMp4(head)) {
    const walk = walkMp4Head(head);
    if (typeof walk === 'string') throw new SourceRefused(`${label} is not a readable video: ${walk}`);
    if (walk.end > deps.maxBytes)
      throw new SourceRefused(`${label} declares ${mib(walk.end)} MiB of media; the limit is ${mib(deps.maxBytes)} MiB`);
    if (!walk.index) return null;
    size = walk.end;
  }
  const info = await probeStandIn([{ start: 0, bytes: head }], size, deps, signal).catch((err) =>
    // A head without the end of the file may not say how long the video is; that is learnt on download.
    err instanceof KnownFailure && /no duration/.test(err.message) ? null : unreadable(label)(err),
  );
  return info && checked(info, deps, label);
}

/** ffprobe's KnownFailure, as the refusal of the source. */
function unreadable(label: string) {
  return (err: unknown): never => {
    throw err instanceof KnownFailure ? new SourceRefused(`${label}: ${err.message.replace(/^the file/, 'the file it serves')}`) : err;
  };
}

function checked(info: MediaInfo, deps: MediaProbeDeps, label: string): MediaInfo {
  if (info.duration > deps.maxSeconds)
    throw new SourceRefused(`${label} is ${Math.round(info.duration)} s long; the limit is ${deps.maxSeconds} s`);
  return info;
}

/** Writes the fetched parts into a sparse file of `total` bytes and probes it; the file is removed whatever happens. */
async function probeStandIn(
  parts: Array<{ start: number; bytes: Buffer }>,
  total: number,
  deps: MediaProbeDeps,
  signal: AbortSignal,
): Promise<MediaInfo> {
  const file = path.join(deps.workDir, `source-${randomUUID()}`);
  await fs.mkdir(deps.workDir, { recursive: true });
  const handle = await fs.open(file, 'w');
  try {
    for (const part of parts) await handle.write(part.bytes, 0, part.bytes.length, part.start);
    await handle.truncate(total);
    await handle.close();
    return await deps.probe(file, signal);
  } finally {
    await handle.close().catch(() => undefined);
    await fs.rm(file, { force: true });
  }
}

function mib(n: number): string {
  return (n / 1024 / 1024).toFixed(n < 10 * 1024 * 1024 ? 1 : 0);
}
