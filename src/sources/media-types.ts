/**
 * How a URL and its Content-Type tell what a source is: a platform page, a manifest, media itself, a web page,
 * or something that is certainly none of these. The check before payment and the download agree through these.
 */

/** Short-form platform pages (not media files): yt-dlp resolves them. */
export const PLATFORM_URL =
  /^https?:\/\/(?:[a-z0-9-]+\.)*(?:instagram\.com\/(?:reels?|p|tv)\/|youtube\.com\/(?:shorts\/|watch)|youtu\.be\/|tiktok\.com\/|vm\.tiktok\.com\/|facebook\.com\/(?:reel|watch|.+\/videos)|fb\.watch\/|(?:x|twitter)\.com\/[^/]+\/status\/|snapchat\.com\/(?:spotlight|t)\/|vimeo\.com\/\d)/i;

/** HLS and DASH manifests: yt-dlp fetches their segments (through the guarded proxy). */
const MANIFEST_TYPES = new Set([
  'application/vnd.apple.mpegurl',
  'application/x-mpegurl',
  'audio/mpegurl',
  'audio/x-mpegurl',
  'application/dash+xml',
]);
const MANIFEST_PATH = /\.(m3u8|mpd)$/i;
const BINARY_TYPES = new Set(['application/octet-stream', 'binary/octet-stream', 'application/mp4']);
const MEDIA_PATH = /\.(mp4|m4v|mov|webm|mkv|ts|avi|flv|3gp|mpe?g|ogv|m4a|mp3|aac|ogg|opus|wav|flac)$/i;
const PAGE_TYPES = new Set(['text/html', 'application/xhtml+xml']);
/** Types that are certainly neither a video nor a page that embeds one. */
const NOT_A_VIDEO_SOURCE = /^(image\/|application\/(json|pdf|zip))/;

/** A Content-Type header reduced to its media type, lower case, without parameters. */
export function mediaTypeOf(contentType: string | null | undefined): string {
  return (contentType || 'application/octet-stream').split(';')[0].trim().toLowerCase();
}

export function isManifest(mediaType: string, url: URL): boolean {
  return MANIFEST_TYPES.has(mediaType) || MANIFEST_PATH.test(url.pathname);
}

/** A URL that serves media itself (the fast path): a video or audio type, or a generic binary type with a media file name. */
export function servesMedia(mediaType: string, url: URL): boolean {
  if (isManifest(mediaType, url)) return false;
  if (/^(video|audio)\//.test(mediaType)) return true;
  return BINARY_TYPES.has(mediaType) && MEDIA_PATH.test(url.pathname);
}

export function isPage(mediaType: string): boolean {
  return PAGE_TYPES.has(mediaType);
}

export function isNeverAVideo(mediaType: string): boolean {
  return NOT_A_VIDEO_SOURCE.test(mediaType);
}
