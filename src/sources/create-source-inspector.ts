import { GuardedWebFetcher } from '../engines/download/guarded-web-fetcher.js';
import { YtDlpDownloader } from '../engines/download/yt-dlp-downloader.js';
import type { EnginesConfig } from '../engines/engines.config.js';
import { resolveMediaBinaries } from '../engines/video/ffmpeg-binaries.js';
import { FfmpegVideoEngine } from '../engines/video/ffmpeg-video-engine.js';
import { SourceInspector } from './source-inspector.js';

/** The inspector on the engines the steps use (guarded fetches, ffprobe, yt-dlp), with the same limits; `workDir`: its scratch files. */
export function createSourceInspector(media: EnginesConfig['media'], workDir: string): SourceInspector {
  const bin = resolveMediaBinaries(media);
  const video = new FfmpegVideoEngine(bin);
  return new SourceInspector({
    web: new GuardedWebFetcher(media.allowLoopback),
    probe: (file, signal) => video.probe(file, signal),
    pageVideos: new YtDlpDownloader({ ytDlp: media.ytDlpPath, ffmpeg: bin.ffmpeg, allowLoopback: media.allowLoopback }),
    workDir,
    maxBytes: media.maxBytes,
    maxSeconds: media.maxSeconds,
    timeoutMs: media.sourceCheckSeconds * 1000,
    devnetSamples: media.devnetSamples,
  });
}
