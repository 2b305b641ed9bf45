import { HEAD_BYTES, type MediaProbeDeps, probeRemoteMedia } from './media-probe.js';
import { readHead } from './remote-file.js';
import { SourceRefused } from './source-refused.js';

/** Enough of a segment or an audio file to know it is there. */
const PEEK_BYTES = 64 * 1024;
/** A playlist larger than this is not read before payment (a 10-minute media playlist is tens of KiB). */
const PLAYLIST_BYTES = 1024 * 1024;
/** Statuses an extractor's cookies, headers or pacing may explain: not a sign that the media is gone. */
const MAYBE_ONLY_FOR_US = new Set([401, 403, 429]);

/** A format as the extractor (yt-dlp) describes it: any field may be missing. */
interface Format {
  url?: unknown;
  protocol?: unknown;
  vcodec?: unknown;
  http_headers?: unknown;
  fragment_base_url?: unknown;
  fragments?: unknown;
}

/**
 * Checks before payment what an extractor's metadata leads to, as a direct source is checked: the media file
 * of each chosen format (the one with a picture probed, head and index), an HLS playlist's first segment, a
 * DASH format's first fragment. What answers an error or is not a readable video is refused; protocols
 * not fetched over HTTP are left to the download.
 */
export async function checkExtractedMedia(
  info: Record<string, unknown>,
  deps: MediaProbeDeps,
  signal: AbortSignal,
  label: string,
): Promise<void> {
  const formats = (Array.isArray(info.formats) && info.formats.length ? info.formats : [info]) as Format[];
  const probed = formats.find((f) => f.vcodec !== 'none') ?? null;
  for (const format of formats) {
    const url = typeof format.url === 'string' ? format.url : null;
    const headers = stringRecord(format.http_headers);
    const protocol = String(format.protocol ?? 'https');
    if (url && /^https?$/.test(protocol)) {
      const bytes = format === probed ? HEAD_BYTES : PEEK_BYTES;
      const first = await readHead(deps.web, url, bytes, signal, `the video that ${label} names`, { headers });
      refuseError(first.status, `the video that ${label} names`);
      if (format === probed) await probeRemoteMedia(first, deps, signal, `the video that ${label} names`);
    } else if (url && protocol.startsWith('m3u8')) {
      await checkPlaylist(url, headers, deps, signal, label);
    } else if (protocol === 'http_dash_segments') {
      const fragment = firstFragment(format);
      if (fragment) await peek(fragment, headers, deps, signal, `the first segment of ${label}`);
    }
  }
}

/** An HLS playlist's first segment (its init section first, when it has one); a master playlist's first variant. */
async function checkPlaylist(
  url: string,
  headers: Record<string, string>,
  deps: MediaProbeDeps,
  signal: AbortSignal,
  label: string,
  depth = 0,
): Promise<void> {
  const playlist = await readHead(deps.web, url, PLAYLIST_BYTES, signal, `the playlist of ${label}`, { headers });
  refuseError(playlist.status, `the playlist of ${label}`);
  const lines = playlist.head
    .toString('utf8')
    .split(/\r?\n/)
    .map((l) => l.trim());
  const uri = lines.find((l) => l && !l.startsWith('#'));
  if (!uri) return;
  const next = new URL(uri, playlist.url).toString();
  if (lines.some((l) => l.startsWith('#EXT-X-STREAM-INF'))) return depth ? undefined : checkPlaylist(next, headers, deps, signal, label, 1);
  const init = lines.map((l) => /^#EXT-X-MAP:.*URI="([^"]+)"/.exec(l)?.[1]).find(Boolean);
  if (init) await peek(new URL(init, playlist.url).toString(), headers, deps, signal, `the first segment of ${label}`);
  await peek(next, headers, deps, signal, `the first segment of ${label}`);
}

async function peek(url: string, headers: Record<string, string>, deps: MediaProbeDeps, signal: AbortSignal, label: string) {
  const first = await readHead(deps.web, url, PEEK_BYTES, signal, label, { headers });
  refuseError(first.status, label);
  if (first.total === 0 || (first.total === null && first.head.length === 0)) throw new SourceRefused(`${label} is empty`);
}

function refuseError(status: number, label: string): void {
  if (status >= 400 && !MAYBE_ONLY_FOR_US.has(status)) throw new SourceRefused(`${label} answered HTTP ${status}`);
}

/** A DASH format's first fragment: its own URL, or its path under the format's base URL. */
function firstFragment(format: Format): string | null {
  const first = Array.isArray(format.fragments) ? (format.fragments[0] as { url?: unknown; path?: unknown } | undefined) : undefined;
  if (typeof first?.url === 'string') return first.url;
  const base = typeof format.fragment_base_url === 'string' ? format.fragment_base_url : null;
  if (typeof first?.path === 'string' && (base || URL.canParse(first.path))) return new URL(first.path, base ?? undefined).toString();
  return null;
}

/** Extractor headers worth sending again, named in lower case so they replace the fetcher's own (the range is the reader's). */
function stringRecord(value: unknown): Record<string, string> {
  if (!value || typeof value !== 'object') return {};
  const kept = Object.entries(value).filter(([k, v]) => typeof v === 'string' && !/^(range|host|accept-encoding|content-length)$/i.test(k));
  return Object.fromEntries(kept.map(([k, v]) => [k.toLowerCase(), v as string]));
}
