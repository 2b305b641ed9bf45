import fs from 'node:fs/promises';
import path from 'node:path';
import pLimit, { type LimitFunction } from 'p-limit';
import { startGuardedProxy } from '../../net/guarded-proxy.js';
import { KnownFailure } from '../known-failure.js';
import { ProcessFailed, runProcess } from '../process/run-process.js';
import { untilAborted } from '../until-aborted.js';
import type { PageVideo, PageVideoDownloader, PageVideoInfo } from './download.port.js';

interface YtDlpBinaries {
  ytDlp: string;
  /** ffmpeg for yt-dlp's local merge and remux of downloaded files (never for downloading). */
  ffmpeg: string;
  allowLoopback: boolean;
  /** Page resolutions (`inspect`) run at once by this downloader; more wait their turn (default PAGE_RESOLUTIONS). */
  resolutions?: number;
}

interface RunOptions {
  signal: AbortSignal;
  /** How errors name the source: "the platform video", "the page at the URL (text/html)". */
  label: string;
  /** The size limit a too-large run names. */
  maxBytes: number;
  /** Bytes the proxy lets through (the limit, plus room for pages and manifests); past them the run fails as too large. */
  proxyBytes: number;
}

/** The format picked: an mp4 with sound where there is one, else the best video and audio merged, else the best. */
const FORMAT = 'b[ext=mp4]/bv*+ba/b';
/** The metadata a download does not need: kept out of the job's hint (platforms list hundreds of thumbnails and captions). */
const HEAVY_FIELDS = ['thumbnails', 'subtitles', 'automatic_captions', 'heatmap', 'comments', 'requested_formats', 'requested_downloads'];

/**
 * yt-dlp processes resolving pages at once: each costs a Python start-up and its extraction, about a second of CPU,
 * and the check before payment must not let a crowd of requests take the cores the service answers with.
 */
const PAGE_RESOLUTIONS = 2;

/** The page-video port on yt-dlp (YTDLP_PATH). */
export class YtDlpDownloader implements PageVideoDownloader {
  readonly name = 'yt-dlp';
  private readonly resolutions: LimitFunction;

  constructor(private readonly bin: YtDlpBinaries) {
    this.resolutions = pLimit(bin.resolutions ?? PAGE_RESOLUTIONS);
  }

  async inspect(url: string, opts: { signal: AbortSignal; label: string }): Promise<PageVideoInfo> {
    // Metadata only: pages and manifests are small; the limit keeps a server that streams media anyway in check.
    const stdout = await inTurn(this.resolutions, opts.signal, () =>
      this.run(['--dump-single-json', '--skip-download', '--', url], { ...opts, maxBytes: 32 * 1024 * 1024, proxyBytes: 32 * 1024 * 1024 }),
    );
    const info = JSON.parse(stdout.trim() || '{}') as YtDlpInfo;
    const chosen = info.requested_formats ?? [info];
    const known = <T>(values: Array<T | undefined>) => (values.every((v) => v !== undefined && v !== null) ? (values as T[]) : null);
    const sizes = known(chosen.map((f) => f.filesize ?? f.filesize_approx));
    const codecs = chosen.map((f) => f.vcodec).filter((c): c is string => typeof c === 'string');
    return {
      duration: typeof info.duration === 'number' ? info.duration : null,
      size: sizes ? sizes.reduce((a, b) => a + b, 0) : null,
      hasVideo: codecs.length ? codecs.some((c) => c !== 'none') : null,
      title: info.title ?? null,
      info: trimmed(info),
    };
  }

  async download(
    url: string,
    opts: { workDir: string; maxBytes: number; signal: AbortSignal; label: string; info?: Record<string, unknown> },
  ): Promise<PageVideo> {
    let source = ['--', url];
    if (opts.info) {
      const file = path.join(opts.workDir, 'source.info.json');
      await fs.writeFile(file, JSON.stringify(opts.info));
      source = ['--load-info-json', file];
    }
    const args = [
      '--max-filesize',
      String(opts.maxBytes),
      '-o',
      path.join(opts.workDir, 'video.%(ext)s'),
      '--print-json',
      '--no-simulate',
      ...source,
    ];
    const stdout = await this.run(args, { ...opts, proxyBytes: opts.maxBytes + 1024 * 1024 });
    const info = JSON.parse(stdout.trim().split('\n').pop() || '{}') as YtDlpInfo;
    const file = info.filepath ?? info._filename;
    const stat = file ? await fs.stat(file).catch(() => null) : null;
    if (!file || !stat)
      throw new KnownFailure(`${opts.label} could not be downloaded (it may be private, removed, or larger than the limit)`);
    if (stat.size > opts.maxBytes) throw new KnownFailure(`the video is larger than the limit of ${mib(opts.maxBytes)} MiB`);
    return { path: file, bytes: stat.size, finalUrl: info.webpage_url ?? url, title: info.title ?? info.description ?? null };
  }

  /**
   * Runs yt-dlp with every connection it opens (the page, redirects, the manifest, each segment) through a
   * guarded proxy started for this run: a hop to a blocked address is refused there and fails the run, even
   * when yt-dlp could have done without it. yt-dlp's own downloader fetches HLS and DASH (no external
   * downloader, no ffmpeg on the network); ffmpeg only merges and remuxes local files.
   */
  private async run(args: string[], opts: RunOptions): Promise<string> {
    const proxy = await startGuardedProxy({ allowLoopback: this.bin.allowLoopback, maxBytes: opts.proxyBytes });
    const blocked = () => (proxy.refusals.length ? new KnownFailure(`the video download was blocked: ${proxy.refusals[0].reason}`) : null);
    try {
      const { stdout } = await runProcess(this.bin.ytDlp, [...commonArgs(proxy.url, this.bin.ffmpeg), ...args], {
        signal: opts.signal,
        name: 'yt-dlp',
        // An explicit proxy for every host: no NO_PROXY exemption may let a connection around it.
        env: { NO_PROXY: '', no_proxy: '', HTTP_PROXY: proxy.url, HTTPS_PROXY: proxy.url, ALL_PROXY: '' },
      });
      const refused = blocked();
      if (refused) throw refused;
      return stdout;
    } catch (err) {
      throw blocked() ?? failure(err, proxy.overBudget, opts);
    } finally {
      await proxy.close();
    }
  }
}

/**
 * Runs `fn` once `limit` has a free place. The wait counts against `signal`: aborted while waiting, the caller has its
 * answer at once, and the place it held in the queue is passed on without running.
 */
function inTurn<T>(limit: LimitFunction, signal: AbortSignal, fn: () => Promise<T>): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  const turn = limit(() => {
    signal.throwIfAborted();
    return fn();
  });
  return untilAborted(turn, signal);
}

/** The fields of yt-dlp's JSON read here (any may be missing, depending on the site). */
interface YtDlpInfo {
  filepath?: string;
  _filename?: string;
  webpage_url?: string;
  title?: string;
  description?: string;
  duration?: number;
  vcodec?: string;
  filesize?: number;
  filesize_approx?: number;
  format_id?: string;
  formats?: Array<{ format_id?: string }>;
  requested_formats?: YtDlpInfo[];
}

/** The info without what a download does not need, and only the formats chosen (a single-format info has no list). */
function trimmed(info: YtDlpInfo): Record<string, unknown> {
  const ids = new Set((info.requested_formats ?? [info]).map((f) => f.format_id));
  const kept: Record<string, unknown> = { ...info };
  if (info.formats) kept.formats = info.formats.filter((f) => ids.has(f.format_id));
  for (const field of HEAVY_FIELDS) delete kept[field];
  return kept;
}

function commonArgs(proxyUrl: string, ffmpeg: string): string[] {
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
    FORMAT,
    ...(ffmpeg.includes('/') ? ['--ffmpeg-location', ffmpeg] : []),
  ];
}

function failure(err: unknown, overBudget: boolean, opts: RunOptions): unknown {
  if (overBudget) return new KnownFailure(`the video is larger than the limit of ${mib(opts.maxBytes)} MiB`);
  if (err instanceof KnownFailure && /not installed/.test(err.message)) {
    return new KnownFailure(`${opts.label} needs yt-dlp, which is not installed on this server; send a direct video URL`);
  }
  if (err instanceof ProcessFailed) {
    const last =
      err.stderr
        .trim()
        .split('\n')
        .pop()
        ?.replace(/^ERROR:\s*/, '') ?? '';
    return new KnownFailure(`${opts.label} could not be downloaded: ${last}`);
  }
  return err;
}

function mib(n: number): string {
  return (n / 1024 / 1024).toFixed(n < 10 * 1024 * 1024 ? 1 : 0);
}
