import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import { probeMedia } from '../media/probe-media.js';
import { ProcessFailed, runProcess } from '../media/run-process.js';
import { FetchRefused, checkUrl, safeFetch } from '../net/safe-fetch.js';
import { defineStep, StepError } from './step.js';

/** Short-form platform pages (not media files): yt-dlp resolves them. */
const PLATFORM_URL =
  /^https?:\/\/(?:[a-z0-9-]+\.)*(?:instagram\.com\/(?:reels?|p|tv)\/|youtube\.com\/(?:shorts\/|watch)|youtu\.be\/|tiktok\.com\/|vm\.tiktok\.com\/|facebook\.com\/(?:reel|watch|.+\/videos)|fb\.watch\/|(?:x|twitter)\.com\/[^/]+\/status\/|snapchat\.com\/(?:spotlight|t)\/|vimeo\.com\/\d)/i;
const TEXT_TYPES = /^(text\/|application\/(json|xml|xhtml\+xml|javascript))/i;

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
    'be a readable video. Short-form platform pages (reels, shorts, TikTok, ...) are resolved with yt-dlp ' +
    '(YTDLP_PATH) when it is installed.',
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

    const downloaded = PLATFORM_URL.test(input.url)
      ? await viaYtDlp(input.url, ctx.workDir, maxBytes, media.ytDlpPath, signal).catch((err) => {
          throw timedOut() ? new StepError(`the download took longer than ${media.fetchTimeoutSeconds} s`) : err;
        })
      : await download(input.url, ctx.workDir, maxBytes, media.allowLoopback, signal).catch((err) => {
          throw timedOut() ? new StepError(`the download took longer than ${media.fetchTimeoutSeconds} s`) : err;
        });
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

async function download(url: string, workDir: string, maxBytes: number, allowLoopback: boolean, signal: AbortSignal): Promise<Downloaded> {
  let fetched;
  try {
    fetched = await safeFetch(url, { signal, allowLoopback });
  } catch (err) {
    if (err instanceof FetchRefused) throw new StepError(`the video URL is blocked: ${err.message}`);
    if (signal.aborted) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    throw new StepError(`the video URL could not be reached (${code ?? (err as Error).message})`, { transient: code === 'ECONNRESET' || code === 'ETIMEDOUT' });
  }
  const response = fetched;
  if (response.status >= 400) {
    response.body.destroy();
    throw new StepError(`the video URL answered HTTP ${response.status}`, { transient: response.status >= 500 || response.status === 429 });
  }
  const contentType = String(response.headers['content-type'] ?? 'application/octet-stream').split(';')[0].trim().toLowerCase();
  if (TEXT_TYPES.test(contentType)) {
    response.body.destroy();
    throw new StepError(`the URL is not a video (it serves ${contentType})`);
  }
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
  return { path: file, bytes, contentType, finalUrl: fetched.url.toString(), title: null, viaYtDlp: false };
}

async function viaYtDlp(url: string, workDir: string, maxBytes: number, ytDlp: string, signal: AbortSignal): Promise<Downloaded> {
  const template = path.join(workDir, 'video.%(ext)s');
  let stdout: string;
  try {
    ({ stdout } = await runProcess(
      ytDlp,
      ['--no-playlist', '--no-progress', '--no-warnings', '-f', 'b[ext=mp4]/bv*+ba/b', '--max-filesize', String(maxBytes), '-o', template, '--print-json', '--no-simulate', url],
      { signal, name: 'yt-dlp' },
    ));
  } catch (err) {
    if (err instanceof StepError && /not installed/.test(err.message)) {
      throw new StepError('this platform URL needs yt-dlp, which is not installed on this server; send a direct video URL');
    }
    if (err instanceof ProcessFailed) throw new StepError(`the platform video could not be downloaded: ${err.stderr.trim().split('\n').pop()}`);
    throw err;
  }
  const info = JSON.parse(stdout.trim().split('\n').pop() ?? '{}');
  const file = info.filepath ?? info._filename;
  const stat = file ? await fs.stat(file).catch(() => null) : null;
  if (!stat) throw new StepError('the platform video could not be downloaded (it may be private, removed, or larger than the limit)');
  return { path: file, bytes: stat.size, contentType: 'video/mp4', finalUrl: info.webpage_url ?? url, title: info.title ?? info.description ?? null, viaYtDlp: true };
}

function mib(n: number): string {
  return (n / 1024 / 1024).toFixed(n < 10 * 1024 * 1024 ? 1 : 0);
}
