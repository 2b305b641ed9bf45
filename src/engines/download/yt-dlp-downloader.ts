import fs from 'node:fs/promises';
import path from 'node:path';
import { startGuardedProxy } from '../../net/guarded-proxy.js';
import { ProcessFailed, runProcess } from '../process/run-process.js';
import { StepError } from '../step-error.js';
import type { PageVideo, PageVideoDownloader } from './download.port.js';

interface YtDlpOptions {
  ytDlp: string;
  /** ffmpeg for yt-dlp's local merge and remux of downloaded files (never for downloading). */
  ffmpeg: string;
  workDir: string;
  maxBytes: number;
  allowLoopback: boolean;
  signal: AbortSignal;
  /** How errors name the source: "the platform video", "the page at the URL (text/html)". */
  label: string;
}

/** The page-video port on yt-dlp (YTDLP_PATH). */
export class YtDlpDownloader implements PageVideoDownloader {
  readonly name = 'yt-dlp';

  constructor(private readonly bin: { ytDlp: string; ffmpeg: string; allowLoopback: boolean }) {}

  download(url: string, opts: { workDir: string; maxBytes: number; signal: AbortSignal; label: string }): Promise<PageVideo> {
    return downloadWithYtDlp(url, { ...this.bin, ...opts });
  }
}

/**
 * Downloads with yt-dlp, every connection of which (the page, redirects, the manifest, each segment) goes
 * through a guarded proxy started for this download: a hop to a blocked address is refused there and fails
 * the download, even when yt-dlp could have done without it. yt-dlp's own downloader fetches HLS and DASH
 * (no external downloader, no ffmpeg on the network); ffmpeg only merges and remuxes local files.
 */
async function downloadWithYtDlp(url: string, opts: YtDlpOptions): Promise<PageVideo> {
  const proxy = await startGuardedProxy({ allowLoopback: opts.allowLoopback, maxBytes: opts.maxBytes + 1024 * 1024 });
  const blocked = () => (proxy.refusals.length ? new StepError(`the video download was blocked: ${proxy.refusals[0].reason}`) : null);
  let stdout: string;
  try {
    ({ stdout } = await runProcess(opts.ytDlp, ytDlpArgs(url, proxy.url, opts), {
      signal: opts.signal,
      name: 'yt-dlp',
      // An explicit proxy for every host: no NO_PROXY exemption may let a connection around it.
      env: { NO_PROXY: '', no_proxy: '', HTTP_PROXY: proxy.url, HTTPS_PROXY: proxy.url, ALL_PROXY: '' },
    }));
  } catch (err) {
    throw blocked() ?? failure(err, proxy.overBudget, opts);
  } finally {
    await proxy.close();
  }
  const refused = blocked();
  if (refused) throw refused;
  const info = JSON.parse(stdout.trim().split('\n').pop() || '{}') as YtDlpInfo;
  const file = info.filepath ?? info._filename;
  const stat = file ? await fs.stat(file).catch(() => null) : null;
  if (!file || !stat) throw new StepError(`${opts.label} could not be downloaded (it may be private, removed, or larger than the limit)`);
  if (stat.size > opts.maxBytes) throw new StepError(`the video is larger than the limit of ${mib(opts.maxBytes)} MiB`);
  return { path: file, bytes: stat.size, finalUrl: info.webpage_url ?? url, title: info.title ?? info.description ?? null };
}

/** The fields of yt-dlp's --print-json line read here (any may be missing, depending on the site). */
interface YtDlpInfo {
  filepath?: string;
  _filename?: string;
  webpage_url?: string;
  title?: string;
  description?: string;
}

function ytDlpArgs(url: string, proxyUrl: string, opts: YtDlpOptions): string[] {
  return [
    '--ignore-config',
    '--no-playlist',
    '--no-progress',
    '--no-warnings',
    '--proxy',
    proxyUrl,
    // yt-dlp's own HTTP, HLS and DASH downloaders, so every segment request goes through the proxy.
    '--downloader',
    'native',
    '--hls-prefer-native',
    // A refused or missing segment fails the download instead of being skipped.
    '--abort-on-unavailable-fragments',
    '--retries',
    '1',
    '--fragment-retries',
    '1',
    '--no-cache-dir',
    '-f',
    'b[ext=mp4]/bv*+ba/b',
    '--max-filesize',
    String(opts.maxBytes),
    ...(opts.ffmpeg.includes('/') ? ['--ffmpeg-location', opts.ffmpeg] : []),
    '-o',
    path.join(opts.workDir, 'video.%(ext)s'),
    '--print-json',
    '--no-simulate',
    '--',
    url,
  ];
}

function failure(err: unknown, overBudget: boolean, opts: YtDlpOptions): unknown {
  if (overBudget) return new StepError(`the video is larger than the limit of ${mib(opts.maxBytes)} MiB`);
  if (err instanceof StepError && /not installed/.test(err.message)) {
    return new StepError(`${opts.label} needs yt-dlp, which is not installed on this server; send a direct video URL`);
  }
  if (err instanceof ProcessFailed) {
    const last =
      err.stderr
        .trim()
        .split('\n')
        .pop()
        ?.replace(/^ERROR:\s*/, '') ?? '';
    return new StepError(`${opts.label} could not be downloaded: ${last}`);
  }
  return err;
}

function mib(n: number): string {
  return (n / 1024 / 1024).toFixed(n < 10 * 1024 * 1024 ? 1 : 0);
}
