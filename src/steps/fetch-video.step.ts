import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import { probeMedia } from '../engines/video/ffprobe.js';
import { downloadWithYtDlp, type YtDlpDownload } from '../engines/download/yt-dlp-downloader.js';
import { FetchRefused, checkUrl, safeFetch, type SafeResponse } from '../net/safe-fetch.js';
import { StepError } from '../engines/step-error.js';
import { defineStep } from './step.js';

/** Short-form platform pages (not media files): yt-dlp resolves them. */
const PLATFORM_URL =
  /^https?:\/\/(?:[a-z0-9-]+\.)*(?:instagram\.com\/(?:reels?|p|tv)\/|youtube\.com\/(?:shorts\/|watch)|youtu\.be\/|tiktok\.com\/|vm\.tiktok\.com\/|facebook\.com\/(?:reel|watch|.+\/videos)|fb\.watch\/|(?:x|twitter)\.com\/[^/]+\/status\/|snapchat\.com\/(?:spotlight|t)\/|vimeo\.com\/\d)/i;
/** HLS and DASH manifests: yt-dlp fetches their segments (through the guarded proxy). */
const MANIFEST_TYPES = new Set(['application/vnd.apple.mpegurl', 'application/x-mpegurl', 'audio/mpegurl', 'audio/x-mpegurl', 'application/dash+xml']);
const MANIFEST_PATH = /\.(m3u8|mpd)$/i;
const BINARY_TYPES = new Set(['application/octet-stream', 'binary/octet-stream', 'application/mp4']);
const MEDIA_PATH = /\.(mp4|m4v|mov|webm|mkv|ts|avi|flv|3gp|mpe?g|ogv|m4a|mp3|aac|ogg|opus|wav|flac)$/i;

interface FetchVideoOutput {
  path: string;
  bytes: number;
  content_type: string;
  url: string;
  final_url: string;
  title: string | null;
}

export const fetchVideoStep = defineStep<{ url: string; max_bytes?: number; max_seconds?: number }, FetchVideoOutput>({
  type: 'fetch_video',
  summary: 'Downloads a public video URL into the job directory, with limits and address protections',
  description:
    'Streams the video at `url` to the work directory. Redirects are followed (at most 5), and every hop and the ' +
    'address actually connected to are checked: private, loopback, link-local (cloud metadata), CGNAT, multicast ' +
    'and reserved addresses are refused. The download is limited in bytes (`max_bytes`, default VIDEO_MAX_BYTES), ' +
    'time (FETCH_TIMEOUT_SECONDS) and media length (`max_seconds`, default VIDEO_MAX_SECONDS), and the content must ' +
    'be a readable video. A URL that serves media itself (video/* or audio/*, or octet-stream with a media file ' +
    'name) is streamed directly; everything else goes to yt-dlp (YTDLP_PATH): platform pages (reels, shorts, ' +
    'TikTok, ...), web pages that embed a video (og:video, <video src>, schema.org VideoObject) and HLS/DASH ' +
    'manifests. yt-dlp uses its own downloader and a local forward proxy that applies the same address guard ' +
    'to every connection it opens (page, redirects, manifest, segments); a blocked hop fails the step.',
  with: {
    type: 'object',
    required: ['url'],
    additionalProperties: false,
    properties: {
      url: { type: 'string', minLength: 1, maxLength: 2048 },
      max_bytes: { type: 'integer', minimum: 1024 },
      max_seconds: { type: 'number', exclusiveMinimum: 0 },
    },
  },
  output: {
    type: 'object',
    required: ['path', 'bytes', 'content_type', 'url', 'final_url', 'title'],
    additionalProperties: false,
    properties: {
      path: { type: 'string' },
      bytes: { type: 'integer' },
      content_type: { type: 'string' },
      url: { type: 'string' },
      final_url: { type: 'string' },
      title: { type: ['string', 'null'] },
    },
  },
  example: `- id: video\n  uses: fetch_video\n  with: { url: "{{request.url}}" }`,
  async run(input, ctx) {
    const { media } = ctx.services;
    const maxBytes = Math.min(input.max_bytes ?? media.maxBytes, media.maxBytes);
    const maxSeconds = Math.min(input.max_seconds ?? media.maxSeconds, media.maxSeconds);
    const timeout = AbortSignal.timeout(media.fetchTimeoutSeconds * 1000);
    const signal = AbortSignal.any([ctx.signal, timeout]);
    const timedOut = () => timeout.aborted && !ctx.signal.aborted;
    try {
      checkUrl(input.url, media.allowLoopback);
    } catch (err) {
      throw new StepError(`the video URL is refused: ${(err as Error).message}`);
    }

    const failed = (err: unknown) => {
      throw timedOut() ? new StepError(`the download took longer than ${media.fetchTimeoutSeconds} s`) : err;
    };
    const ytDlp = (label: string) =>
      downloadWithYtDlp(input.url, { ytDlp: media.ytDlpPath, ffmpeg: media.ffmpeg, workDir: ctx.workDir, maxBytes, allowLoopback: media.allowLoopback, signal, label });
    let downloaded: Downloaded;
    if (PLATFORM_URL.test(input.url)) {
      downloaded = await ytDlp('the platform video').then(fromYtDlp, failed);
    } else {
      const opened = await openDirect(input.url, media.allowLoopback, signal).catch(failed);
      if (servesMedia(opened.contentType, opened.url)) {
        downloaded = await saveDirect(opened, ctx.workDir, maxBytes, signal).catch(failed);
      } else {
        // A page, a manifest or anything else that is not media itself: yt-dlp finds the video in it.
        opened.response.body.destroy();
        downloaded = await ytDlp(`the video at the URL (it serves ${opened.contentType})`).then(fromYtDlp, failed);
      }
    }
    ctx.engine('download', downloaded.viaYtDlp ? 'yt-dlp' : 'direct HTTP');

    const info = await probeMedia(media.ffprobe, downloaded.path, ctx.signal);
    if (info.duration > maxSeconds) throw new StepError(`the video is ${Math.round(info.duration)} s long; the limit is ${maxSeconds} s`);
    return {
      path: downloaded.path,
      bytes: downloaded.bytes,
      content_type: downloaded.contentType,
      url: input.url,
      final_url: downloaded.finalUrl,
      title: downloaded.title ?? info.title,
    };
  },
});

interface Downloaded {
  path: string;
  bytes: number;
  contentType: string;
  finalUrl: string;
  title: string | null;
  viaYtDlp: boolean;
}

interface Opened {
  response: SafeResponse;
  contentType: string;
  url: URL;
}

/** The GET of the URL, every hop guarded; an error status or a blocked hop is a StepError. */
async function openDirect(url: string, allowLoopback: boolean, signal: AbortSignal): Promise<Opened> {
  let response: SafeResponse;
  try {
    response = await safeFetch(url, { signal, allowLoopback });
  } catch (err) {
    if (err instanceof FetchRefused) throw new StepError(`the video URL is blocked: ${err.message}`);
    if (signal.aborted) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    throw new StepError(`the video URL could not be reached (${code ?? (err as Error).message})`, { transient: code === 'ECONNRESET' || code === 'ETIMEDOUT' });
  }
  if (response.status >= 400) {
    response.body.destroy();
    throw new StepError(`the video URL answered HTTP ${response.status}`, { transient: response.status >= 500 || response.status === 429 });
  }
  const contentType = String(response.headers['content-type'] ?? 'application/octet-stream').split(';')[0].trim().toLowerCase();
  return { response, contentType, url: response.url };
}

/** A URL that serves media itself (the fast path): a video or audio type, or a generic binary type with a media file name. */
function servesMedia(contentType: string, url: URL): boolean {
  if (MANIFEST_TYPES.has(contentType) || MANIFEST_PATH.test(url.pathname)) return false;
  if (/^(video|audio)\//.test(contentType)) return true;
  return BINARY_TYPES.has(contentType) && MEDIA_PATH.test(url.pathname);
}

async function saveDirect(opened: Opened, workDir: string, maxBytes: number, signal: AbortSignal): Promise<Downloaded> {
  const { response, contentType } = opened;
  const declared = Number(response.headers['content-length'] ?? NaN);
  if (declared > maxBytes) {
    response.body.destroy();
    throw new StepError(`the video is ${mib(declared)} MiB; the limit is ${mib(maxBytes)} MiB`);
  }
  const file = path.join(workDir, 'video.bin');
  let bytes = 0;
  const limit = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      bytes += chunk.length;
      if (bytes > maxBytes) return cb(new StepError(`the video is larger than the limit of ${mib(maxBytes)} MiB`));
      cb(null, chunk);
    },
  });
  try {
    await pipeline(response.body, limit, createWriteStream(file), { signal });
  } catch (err) {
    await fs.rm(file, { force: true });
    if (err instanceof StepError || signal.aborted) throw err;
    throw new StepError(`the download was interrupted (${(err as Error).message})`, { transient: true });
  }
  if (bytes === 0) throw new StepError('the URL served an empty file, not a video');
  return { path: file, bytes, contentType, finalUrl: opened.url.toString(), title: null, viaYtDlp: false };
}

function fromYtDlp(d: YtDlpDownload): Downloaded {
  return { ...d, contentType: `video/${path.extname(d.path).slice(1) || 'mp4'}`, viaYtDlp: true };
}

function mib(n: number): string {
  return (n / 1024 / 1024).toFixed(n < 10 * 1024 * 1024 ? 1 : 0);
}
