import type { PageVideoDownloader } from '../engines/download/download.port.js';
import { KnownFailure } from '../engines/known-failure.js';
import { checkExtractedMedia } from './extracted-media.js';
import { pageTitle, pageVideoUrls, readPage } from './html-page.js';
import { HEAD_BYTES, type MediaProbeDeps, probeRemoteMedia } from './media-probe.js';
import { isManifest, isNeverAVideo, isPage, PLATFORM_URL, servesMedia } from './media-types.js';
import { readHead } from './remote-file.js';
import type { SourceHint } from './source-hints.js';
import { SourceBlocked, SourceRefused } from './source-refused.js';

/** Pages name their video candidates in this order; a few are tried before the extractor is asked. */
const PAGE_CANDIDATES = 3;

/** What a video's check reads with: the media probe's means, and the page-video extractor (yt-dlp), asked for metadata only. */
export interface VideoSourceDeps extends MediaProbeDeps {
  pageVideos: PageVideoDownloader;
}

/**
 * What a video URL yields, checked before payment: media itself is probed (readable, has a picture, within the
 * limits); a page is resolved to the media file it declares, else its extractor (yt-dlp, metadata only) must
 * find a video; platform links and manifests go to the extractor at once. Returns what the job should be told
 * (the page's media file, the extractor's metadata), or null when the URL is the media itself.
 */
export async function inspectVideo(url: string, deps: VideoSourceDeps, signal: AbortSignal): Promise<SourceHint | null> {
  const label = 'the video URL';
  if (PLATFORM_URL.test(url)) return extracted(url, deps, signal, 'the platform video');
  const first = await readHead(deps.web, url, HEAD_BYTES, signal, label);
  if (first.status >= 400) throw new SourceRefused(`${label} answered HTTP ${first.status}`);
  if (isNeverAVideo(first.mediaType)) throw new SourceRefused(`${label} serves ${first.mediaType}, not a video or a page`);
  if (isManifest(first.mediaType, first.url)) return extracted(url, deps, signal, 'the manifest at the URL');
  if (servesMedia(first.mediaType, first.url)) {
    await probeRemoteMedia(first, deps, signal, label);
    return null;
  }
  if (isPage(first.mediaType)) {
    const page = readPage(first.head.toString('utf8'), first.url);
    const found = await pageMedia(pageVideoUrls(page), pageTitle(page), deps, signal);
    return typeof found === 'object' ? found : extracted(url, deps, signal, 'the page at the URL', found);
  }
  // Anything else (octet-stream without a media name, text/plain, ...): media when ffprobe reads it, else the extractor's.
  const media = await probeRemoteMedia(first, deps, signal, label).then(
    (info) => ({ title: info?.title ?? null }),
    (err) => (err instanceof SourceRefused ? null : Promise.reject(err)),
  );
  if (media) return { kind: 'media', url: first.url.toString(), title: media.title };
  return extracted(url, deps, signal, `the URL (it serves ${first.mediaType})`);
}

/**
 * The first of a page's declared video URLs that serves media, probed; else why the first one that answered an
 * error could not be used (said if the extractor finds nothing either), or undefined (a player, a manifest).
 */
async function pageMedia(
  candidates: string[],
  title: string | null,
  deps: MediaProbeDeps,
  signal: AbortSignal,
): Promise<SourceHint | string | undefined> {
  const label = 'the video the page carries';
  let passedOver: string | undefined;
  for (const candidate of candidates.slice(0, PAGE_CANDIDATES)) {
    // A declared video on a blocked address is refused (the job would be); one that cannot be reached is passed over.
    const first = await readHead(deps.web, candidate, HEAD_BYTES, signal, label).catch((err) => {
      if (err instanceof SourceRefused && !(err instanceof SourceBlocked)) return err.message;
      throw err;
    });
    if (typeof first === 'string' || first.status >= 400) {
      passedOver ??= typeof first === 'string' ? first : `${label} (${candidate}) answered HTTP ${first.status}`;
      continue;
    }
    if (!servesMedia(first.mediaType, first.url)) continue;
    await probeRemoteMedia(first, deps, signal, label); // its refusal (truncated, too long, sound only) is the answer
    return { kind: 'media', url: first.url.toString(), title };
  }
  return passedOver;
}

/**
 * The extractor's metadata of a page, platform link or manifest, checked against the limits, and what it names
 * checked like a direct source. `passedOver`: why a video the page declares could not be used.
 */
async function extracted(url: string, deps: VideoSourceDeps, signal: AbortSignal, label: string, passedOver?: string): Promise<SourceHint> {
  const found = await deps.pageVideos.inspect(url, { signal, label }).catch((err) => {
    if (!(err instanceof KnownFailure) || signal.aborted) throw err;
    // A run of the extractor that found nothing says why; other failures (blocked, not installed) say it themselves.
    const found = /could not be downloaded: (.*)$/.exec(err.message);
    const also = passedOver ? `; ${passedOver}` : '';
    throw new SourceRefused(found ? `${label} holds no video that can be downloaded (${found[1]})${also}` : err.message);
  });
  if (found.hasVideo === false) throw new SourceRefused(`${label} carries sound only, no video`);
  if (found.duration !== null && found.duration > deps.maxSeconds) {
    throw new SourceRefused(`${label} is ${Math.round(found.duration)} s long; the limit is ${deps.maxSeconds} s`);
  }
  if (found.size !== null && found.size > deps.maxBytes) {
    throw new SourceRefused(
      `${label} is ${Math.round(found.size / 1024 / 1024)} MiB; the limit is ${Math.round(deps.maxBytes / 1024 / 1024)} MiB`,
    );
  }
  await checkExtractedMedia(found.info, deps, signal, label);
  return { kind: 'extracted', info: found.info };
}
