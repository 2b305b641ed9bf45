import fs from 'node:fs/promises';
import path from 'node:path';
import { KnownFailure } from '../known-failure.js';
import { runProcess } from '../process/run-process.js';
import { channelLevels, channelWeights, downmixFilter, placementFilters, SPEECH_BAND } from './audio-mix.js';
import type { MediaBinaries } from './ffmpeg-binaries.js';
import { probeAudioTracks, probeMedia } from './ffprobe.js';
import { speechScoreDb } from './speech-energy.js';
import type { ExtractedAudio, LoudnessReading, MediaInfo, SceneDecoding, SceneSample, VideoEngine } from './video-engine.port.js';

/** The video port on ffmpeg and ffprobe (FFMPEG_PATH, FFPROBE_PATH). */
export class FfmpegVideoEngine implements VideoEngine {
  constructor(private readonly bin: MediaBinaries) {}

  probe(file: string, signal: AbortSignal): Promise<MediaInfo> {
    return probeMedia(this.bin.ffprobe, file, signal);
  }

  async extractAudio(source: string, out: string, signal: AbortSignal): Promise<ExtractedAudio> {
    const tracks = await probeAudioTracks(this.bin.ffprobe, source, signal);
    if (tracks.length === 0) throw new KnownFailure('the video has no audio track');
    const mixes: string[] = [];
    for (const [n, t] of tracks.entries())
      mixes.push(t.channels > 1 ? downmixFilter(await this.channelWeights(source, n, signal)) : 'anull');
    const track = tracks.length > 1 ? await this.trackWithMostSpeech(source, mixes, signal) : 0;
    const filters = [mixes[track], ...placementFilters(tracks[track].start)].join(',');
    const args = ['-v', 'error', '-y', '-i', source, '-map', `0:a:${track}`, '-af', filters, '-ar', '16000', '-c:a', 'pcm_s16le', out];
    await runProcess(this.bin.ffmpeg, args, { signal, name: 'ffmpeg' });
    return { ...tracks[track], track, tracks: tracks.length };
  }

  /** The weights that mix track `n`'s channels into one (audio-mix.ts). */
  private async channelWeights(source: string, n: number, signal: AbortSignal): Promise<number[]> {
    const measure = `${SPEECH_BAND},astats=measure_overall=none:measure_perchannel=RMS_level`;
    const args = ['-hide_banner', '-nostats', '-i', source, '-map', `0:a:${n}`, '-af', measure, '-f', 'null', '-'];
    const { stderr } = await runProcess(this.bin.ffmpeg, args, { signal, name: 'ffmpeg' });
    return channelWeights(channelLevels(stderr));
  }

  /** Of several tracks (each with its mix), the one whose first minute holds the most speech (speech-energy.ts). */
  private async trackWithMostSpeech(source: string, mixes: string[], signal: AbortSignal): Promise<number> {
    let best = 0;
    let bestDb = -Infinity;
    for (const [n, mix] of mixes.entries()) {
      const chunks: Buffer[] = [];
      const args = ['-v', 'error', '-i', source, '-map', `0:a:${n}`, '-t', '60', '-af', mix, '-ar', '48000', '-f', 's16le', 'pipe:1'];
      await runProcess(this.bin.ffmpeg, args, { signal, name: 'ffmpeg', onStdout: (c) => chunks.push(c) });
      const db = await speechScoreDb(Buffer.concat(chunks), signal);
      if (db > bestDb) [best, bestDb] = [n, db];
    }
    return best;
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

  async decodeForScenes(job: SceneDecoding): Promise<SceneSample[]> {
    const { cutTiny: tiny, cutFine: fine } = job;
    const thumbFps = Number(job.thumbFps.toFixed(4));
    // Both sizes of each frame in one output, the fine picture over the tiny one padded to its width (see stackedFrames).
    const cuts =
      `[c]split[cf][ct];[cf]scale=${fine.width}:${fine.height}:flags=area[f];` +
      `[ct]scale=${tiny.width}:${tiny.height}:flags=area,pad=${fine.width}:${tiny.height}[ft];[f][ft]vstack,format=rgb24[cuts];`;
    // The cut detector's frames, and those the samples are taken from, so that each sample's time is known (sampleTimes).
    const filters = `${pictureAt(job.cutFps)},split=3[c][t][g];${cuts}${samplesFrom('t', 'g', thumbFps, job.graySide)}`;
    // One decoding thread and one filter thread: the same frames, about a fifth less CPU than ffmpeg's thread per core
    // (their hand-offs), and the job's other steps keep the cores busy anyway.
    const args = [
      ...['-hide_banner', '-nostats', '-v', 'error', '-threads', '1', '-i', job.source, '-an', '-sn'],
      ...['-filter_complex_threads', '1', '-filter_complex', filters],
      ...['-map', '[cuts]', '-f', 'rawvideo', 'pipe:1'],
      ...['-map', '[thumbs]', '-q:v', '3', path.join(job.thumbsDir, '%06d.jpg')],
      ...['-map', '[gray]', path.join(job.thumbsDir, '%06d.pgm')],
    ];
    const onStdout = stackedFrames(tiny, fine, job.onCutFrame);
    // At normal priority, not in the background: at a reel's bitrate this pass is the job's longest chain, and at nice
    // 10 it waited for the speech step's cores (the dense clip of bench/analyze about a tenth slower).
    await runProcess(this.bin.ffmpeg, args, { signal: job.signal, name: 'ffmpeg', onStdout });
    return samplesIn(job.thumbsDir, job.cutFps, thumbFps);
  }
}

/**
 * The samples written into `dir` (000001.jpg, ... with their grey copies 000001.pgm, ...), in order, each at its time:
 * taken `sampleFps` a second from frames at `frameFps` (see sampleTimes).
 */
export async function samplesIn(dir: string, frameFps: number, sampleFps: number): Promise<SceneSample[]> {
  const written = (await fs.readdir(dir)).filter((f) => f.endsWith('.jpg')).sort();
  const times = sampleTimes(written.length, frameFps, sampleFps);
  return written.map((f, i) => ({ time: times[i], path: path.join(dir, f), gray: path.join(dir, f.replace(/\.jpg$/, '.pgm')) }));
}

/** The picture on its own timeline (its first frame at 0, as extractAudio places the audio) at `rate` frames a second. */
export function pictureAt(rate: number): string {
  return `[0:v]setpts=PTS-STARTPTS,fps=${rate}`;
}

/** Samples `rate` a second of the frames labelled `thumbs` and `grays`: [thumbs], and their grey copies [gray] (see SceneDecoding). */
export function samplesFrom(thumbs: string, grays: string, rate: number, graySide: number): string {
  return `[${thumbs}]fps=${rate}[thumbs];[${grays}]fps=${rate},${shorterSideAtMost(graySide)},format=gray[gray]`;
}

/**
 * The time of each of `count` samples ffmpeg's fps filter takes at `sampleFps` from frames at `frameFps` (from 0): its
 * k-th output is the last frame before (k + 0.5) / sampleFps, where its rounding to the nearest output time gives the
 * next one (0.24 s after k / 2 at 2 a second from 25).
 */
export function sampleTimes(count: number, frameFps: number, sampleFps: number): number[] {
  // The epsilon keeps a frame exactly on the boundary (rounded half up, to the next output) out of the k-th.
  return Array.from({ length: count }, (_, k) => (Math.ceil((frameFps * (k + 0.5)) / sampleFps - 1e-9) - 1) / frameFps);
}

/**
 * The frames of a stream of stacked rgb24 pictures (the fine one, then the tiny one with its rows padded to the fine
 * width; measured cheaper than two outputs of ffmpeg's), in any chunking, handed to `onFrame` one by one.
 */
export function stackedFrames(
  tiny: { width: number; height: number },
  fine: { width: number; height: number },
  onFrame: (frame: { tiny: Buffer; fine: Buffer }) => void,
): (chunk: Buffer) => void {
  const [fineBytes, row, stride] = [fine.width * fine.height * 3, tiny.width * 3, fine.width * 3];
  const frameBytes = fineBytes + tiny.height * stride;
  let pending: Buffer = Buffer.alloc(0);
  return (chunk) => {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    let at = 0;
    for (; pending.length - at >= frameBytes; at += frameBytes) {
      const t = Buffer.alloc(tiny.height * row);
      for (let y = 0; y < tiny.height; y++) pending.copy(t, y * row, at + fineBytes + y * stride, at + fineBytes + y * stride + row);
      // `pending` is never written to again, so the fine picture needs no copy.
      onFrame({ tiny: t, fine: pending.subarray(at, at + fineBytes) });
    }
    pending = Buffer.from(pending.subarray(at));
  };
}

/** ffmpeg's scale filter that shrinks a frame (never enlarges it) so that its shorter side is at most `side`. */
export function shorterSideAtMost(side: number): string {
  return `scale='if(gte(iw,ih),-2,min(${side},iw))':'if(gte(iw,ih),min(${side},ih),-2)':flags=area`;
}
