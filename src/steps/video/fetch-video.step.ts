import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FetchRefused, type PageVideo, type WebFetcher, type WebResponse } from '../../engines/download/download.port.js';
import { KnownFailure } from '../../engines/known-failure.js';
import { mediaTypeOf, PLATFORM_URL, servesMedia } from '../../sources/media-types.js';
import { dueSignal } from '../../timing/due-timer.js';
import { devnetSampleFile } from '../shared/devnet-sample.js';
import { defineStep, type StepContext } from '../step.js';
import { fetchVideoSpec } from './fetch-video.spec.js';

interface FetchVideoOutput {
  path: string;
  bytes: number;
  content_type: string;
  url: string;
  final_url: string;
  title: string | null;
}

export const fetchVideoStep = defineStep<{ url: string; max_bytes?: number; max_seconds?: number }, FetchVideoOutput>({
  ...fetchVideoSpec,
  async run(input, ctx) {
    const { limits, web } = ctx.tools;
    const maxBytes = Math.min(input.max_bytes ?? limits.maxBytes, limits.maxBytes);
    const maxSeconds = Math.min(input.max_seconds ?? limits.maxSeconds, limits.maxSeconds);
    const timeout = dueSignal(limits.fetchTimeoutSeconds * 1000);
    const signal = AbortSignal.any([ctx.signal, timeout]);
    const timedOut = () => timeout.aborted && !ctx.signal.aborted;
    const sample = devnetSampleFile(input.url, ctx);
    if (sample) return fromSample(sample, input.url, ctx, maxSeconds);
    try {
      web.check(input.url);
    } catch (err) {
      throw new KnownFailure(`the video URL is refused: ${(err as Error).message}`);
    }

    const failed = (err: unknown) => {
      throw timedOut() ? new KnownFailure(`the download took longer than ${limits.fetchTimeoutSeconds} s`) : err;
    };
    const checked = ctx.source(input.url);
    const extracted = checked?.kind === 'extracted' ? checked.info : undefined;
    const fromPage = (label: string) =>
      ctx.tools.pageVideos.download(input.url, { workDir: ctx.workDir, maxBytes, signal, label, info: extracted });
    let downloaded: Downloaded;
    if (checked?.kind === 'media') {
      // The check before payment found the media file the page carries: fetched directly, the page not read again.
      const opened = await openDirect(web, checked.url, signal).catch(failed);
      downloaded = { ...(await saveDirect(opened, ctx.workDir, maxBytes, signal).catch(failed)), title: checked.title };
    } else if (extracted || PLATFORM_URL.test(input.url)) {
      downloaded = await fromPage(extracted ? 'the video at the URL' : 'the platform video').then(pageDownload, failed);
    } else {
      const opened = await openDirect(web, input.url, signal).catch(failed);
      if (servesMedia(opened.mediaType, opened.url)) {
        downloaded = await saveDirect(opened, ctx.workDir, maxBytes, signal).catch(failed);
      } else {
        // A page, a manifest or anything else that is not media itself: the page-video engine finds the video in it.
        opened.body.destroy();
        downloaded = await fromPage(`the video at the URL (it serves ${opened.mediaType})`).then(pageDownload, failed);
      }
    }
    ctx.engine('download', downloaded.fromPage ? ctx.tools.pageVideos.name : 'direct HTTP');

    const info = await ctx.tools.video.probe(downloaded.path, ctx.signal);
    if (info.duration > maxSeconds)
      throw new KnownFailure(`the video is ${Math.round(info.duration)} s long; the limit is ${maxSeconds} s`);
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

/** A devnet sample the check before payment found the URL to name: copied from the samples folder, not fetched. */
async function fromSample(
  sample: { file: string; type: string },
  url: string,
  ctx: StepContext,
  maxSeconds: number,
): Promise<FetchVideoOutput> {
  const file = path.join(ctx.workDir, `video${path.extname(sample.file)}`);
  await fs.copyFile(sample.file, file);
  ctx.engine('download', 'devnet sample');
  const info = await ctx.tools.video.probe(file, ctx.signal);
  if (info.duration > maxSeconds) throw new KnownFailure(`the video is ${Math.round(info.duration)} s long; the limit is ${maxSeconds} s`);
  const { size } = await fs.stat(file);
  return { path: file, bytes: size, content_type: sample.type, url, final_url: url, title: info.title };
}

interface Downloaded {
  path: string;
  bytes: number;
  contentType: string;
  finalUrl: string;
  title: string | null;
  /** Downloaded by the page-video engine (yt-dlp), not streamed directly. */
  fromPage: boolean;
}

interface Opened extends WebResponse {
  /** The media type, lower case, without parameters. */
  mediaType: string;
}

/** The GET of the URL, every hop guarded; an error status or a blocked hop is a KnownFailure. */
async function openDirect(web: WebFetcher, url: string, signal: AbortSignal): Promise<Opened> {
  let response: WebResponse;
  try {
    response = await web.open(url, { signal });
  } catch (err) {
    if (err instanceof FetchRefused) throw new KnownFailure(`the video URL is blocked: ${err.message}`);
    if (signal.aborted) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    throw new KnownFailure(`the video URL could not be reached (${code ?? (err as Error).message})`, {
      transient: code === 'ECONNRESET' || code === 'ETIMEDOUT',
    });
  }
  if (response.status >= 400) {
    response.body.destroy();
    throw new KnownFailure(`the video URL answered HTTP ${response.status}`, {
      transient: response.status >= 500 || response.status === 429,
    });
  }
  const mediaType = mediaTypeOf(response.contentType);
  return { ...response, mediaType };
}

async function saveDirect(opened: Opened, workDir: string, maxBytes: number, signal: AbortSignal): Promise<Downloaded> {
  const declared = opened.contentLength ?? 0;
  if (declared > maxBytes) {
    opened.body.destroy();
    throw new KnownFailure(`the video is ${mib(declared)} MiB; the limit is ${mib(maxBytes)} MiB`);
  }
  const file = path.join(workDir, 'video.bin');
  let bytes = 0;
  const limit = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      bytes += chunk.length;
      if (bytes > maxBytes) return cb(new KnownFailure(`the video is larger than the limit of ${mib(maxBytes)} MiB`));
      cb(null, chunk);
    },
  });
  try {
    await pipeline(opened.body, limit, createWriteStream(file), { signal });
  } catch (err) {
    await fs.rm(file, { force: true });
    if (err instanceof KnownFailure || signal.aborted) throw err;
    throw new KnownFailure(`the download was interrupted (${(err as Error).message})`, { transient: true });
  }
  if (bytes === 0) throw new KnownFailure('the URL served an empty file, not a video');
  return { path: file, bytes, contentType: opened.mediaType, finalUrl: opened.url.toString(), title: null, fromPage: false };
}

function pageDownload(d: PageVideo): Downloaded {
  return { ...d, contentType: `video/${path.extname(d.path).slice(1) || 'mp4'}`, fromPage: true };
}

function mib(n: number): string {
  return (n / 1024 / 1024).toFixed(n < 10 * 1024 * 1024 ? 1 : 0);
}
