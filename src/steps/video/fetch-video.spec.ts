import { defineSpec } from '../step.js';

export const fetchVideoSpec = defineSpec({
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
  fetches: { url: 'video' },
  example: `- id: video\n  uses: fetch_video\n  with: { url: "{{request.url}}" }`,
});
