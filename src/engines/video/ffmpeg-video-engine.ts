import path from 'node:path';
import { runProcess } from '../process/run-process.js';
import type { MediaBinaries } from './ffmpeg-binaries.js';
import { probeMedia } from './ffprobe.js';
import type { LoudnessReading, MediaInfo, SceneDecoding, VideoEngine } from './video-engine.port.js';

/** The video port on ffmpeg and ffprobe (FFMPEG_PATH, FFPROBE_PATH). */
export class FfmpegVideoEngine implements VideoEngine {
  constructor(private readonly bin: MediaBinaries) {}

  probe(file: string, signal: AbortSignal): Promise<MediaInfo> {
    return probeMedia(this.bin.ffprobe, file, signal);
  }

  async extractAudio(source: string, out: string, signal: AbortSignal): Promise<void> {
    const args = ['-v', 'error', '-y', '-i', source, '-vn', '-ac', '1', '-ar', '16000', '-c:a', 'pcm_s16le', out];
    await runProcess(this.bin.ffmpeg, args, { signal, name: 'ffmpeg' });
  }

  async loudness(audio: string, signal: AbortSignal): Promise<LoudnessReading[]> {
    const args = ['-hide_banner', '-nostats', '-i', audio, '-af', 'ebur128=framelog=info', '-f', 'null', '-'];
    const { stderr } = await runProcess(this.bin.ffmpeg, args, { signal, name: 'ffmpeg' });
    // ebur128 logs one line per 100 ms: "t: 0.5 TARGET:-23 LUFS M: -20.1 S: ..."
    return [...stderr.matchAll(/t:\s*([\d.]+)\s+TARGET:\S+\s+LUFS\s+M:\s*(-?[\d.]+)/g)].map((m) => ({
      time: Number(m[1]),
      lufs: Number(m[2]),
    }));
  }

  async decodeForScenes(job: SceneDecoding): Promise<void> {
    const fps = job.thumbFps.toFixed(4);
    const filters =
      `[0:v]split=3[c][t][g];[c]fps=${job.cutFps},scale=${job.cutWidth}:${job.cutHeight}:flags=area,format=rgb24[cuts];` +
      `[t]fps=${fps}[thumbs];[g]fps=${fps},scale='min(${job.grayWidth},iw)':-2:flags=area,format=gray[gray]`;
    const args = [
      ...['-hide_banner', '-nostats', '-v', 'error', '-i', job.source, '-an', '-sn', '-filter_complex', filters],
      ...['-map', '[cuts]', '-f', 'rawvideo', 'pipe:1'],
      ...['-map', '[thumbs]', '-q:v', '3', path.join(job.thumbsDir, '%06d.jpg')],
      ...['-map', '[gray]', path.join(job.thumbsDir, '%06d.pgm')],
    ];
    await runProcess(this.bin.ffmpeg, args, { signal: job.signal, name: 'ffmpeg', background: true, onStdout: job.onCutFrames });
  }
}
