import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { EnginesConfig } from '../engines.config.js';

const require = createRequire(import.meta.url);

export interface MediaBinaries {
  ffmpeg: string;
  ffprobe: string;
}

/**
 * Where ffmpeg and ffprobe are: FFMPEG_PATH/FFPROBE_PATH, else the optional `ffmpeg-static` package
 * (its install downloads a binary, so it is missing on offline machines), else the PATH.
 */
export function resolveMediaBinaries(media: EnginesConfig['media']): MediaBinaries {
  let ffmpeg = media.ffmpegPath;
  if (!ffmpeg) {
    try {
      const fromPackage = require('ffmpeg-static') as string | null;
      if (fromPackage && existsSync(fromPackage)) ffmpeg = fromPackage;
    } catch {
      /* not installed: use the PATH */
    }
  }
  ffmpeg ||= 'ffmpeg';
  let ffprobe = media.ffprobePath;
  if (!ffprobe && path.isAbsolute(ffmpeg)) {
    const beside = path.join(path.dirname(ffmpeg), 'ffprobe');
    if (existsSync(beside)) ffprobe = beside;
  }
  return { ffmpeg, ffprobe: ffprobe || 'ffprobe' };
}
