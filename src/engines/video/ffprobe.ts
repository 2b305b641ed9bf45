import { KnownFailure } from '../known-failure.js';
import { ProcessFailed, runProcess } from '../process/run-process.js';
import { SharedReadings } from './shared-readings.js';
import type { AudioTrack, MediaInfo } from './video-engine.port.js';

/** ffprobe's reading of a media file; an unreadable file is a KnownFailure saying so. */
export async function probeMedia(ffprobe: string, file: string, signal: AbortSignal): Promise<MediaInfo> {
  const info = await readProbe(ffprobe, file, signal);
  const streams = info.streams ?? [];
  const video = pictureStream(streams);
  const audio = streams.find((s) => s.codec_type === 'audio');
  const tags = lowerKeys(info.format?.tags ?? {});
  const duration = Number(info.format?.duration ?? video?.duration ?? audio?.duration ?? NaN);
  if (!video) throw new KnownFailure('the file has no video stream: not a video');
  if (!Number.isFinite(duration) || duration <= 0) throw new KnownFailure('the file is not a readable video (no duration)');
  return {
    duration: Math.round(duration * 1000) / 1000,
    width: video.width ?? null,
    height: video.height ?? null,
    frame_rate: frameRate(video),
    video_codec: video.codec_name ?? null,
    audio_codec: audio?.codec_name ?? null,
    has_audio: Boolean(audio),
    size_bytes: Number(info.format?.size ?? 0),
    format: String(info.format?.format_name ?? 'unknown'),
    title: nonEmpty(tags.title),
    description: nonEmpty(tags.description ?? tags.comment ?? tags.synopsis),
  };
}

/**
 * The audio tracks of a media file in their order (`-map 0:a:N` picks track N): each one's channels, and when it
 * starts against the picture (seconds; an edit list or a stream start time puts it later, a negative start earlier).
 */
export async function probeAudioTracks(ffprobe: string, file: string, signal: AbortSignal): Promise<AudioTrack[]> {
  const streams = (await readProbe(ffprobe, file, signal)).streams ?? [];
  const pictureStart = startOf(pictureStream(streams)) ?? 0;
  return streams
    .filter((s) => s.codec_type === 'audio')
    .map((s) => ({ channels: s.channels ?? 1, start: Math.round(((startOf(s) ?? pictureStart) - pictureStart) * 1000) / 1000 }));
}

type ProbeReading = { format?: ProbeFormat; streams?: ProbeStream[] };

/** Per ffprobe binary: a job's steps probe its video five times (about 60 ms of CPU and a process start each). */
const shared = new Map<string, SharedReadings<ProbeReading>>();

function readProbe(ffprobe: string, file: string, signal: AbortSignal): Promise<ProbeReading> {
  let readings = shared.get(ffprobe);
  if (!readings) {
    readings = new SharedReadings((f, s) => runProbe(ffprobe, f, s));
    shared.set(ffprobe, readings);
  }
  return readings.get(file, signal);
}

async function runProbe(ffprobe: string, file: string, signal: AbortSignal): Promise<ProbeReading> {
  try {
    const args = ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file];
    const { stdout } = await runProcess(ffprobe, args, { signal, timeoutMs: 30_000, name: 'ffprobe' });
    return JSON.parse(stdout);
  } catch (err) {
    if (err instanceof ProcessFailed) throw new KnownFailure('the file is not a readable video (corrupt or unsupported format)');
    throw err;
  }
}

function pictureStream(streams: ProbeStream[]): ProbeStream | undefined {
  return streams.find((s) => s.codec_type === 'video' && s.disposition?.attached_pic !== 1);
}

/**
 * The picture's frames a second: the average over the stream (a phone's variable rate included), else the rate its
 * timestamps are based on; null when ffprobe knows neither (it writes "0/0").
 */
function frameRate(stream: ProbeStream): number | null {
  for (const r of [stream.avg_frame_rate, stream.r_frame_rate]) {
    const [num, den] = (r ?? '').split('/').map(Number);
    const rate = den ? num / den : num;
    if (Number.isFinite(rate) && rate > 0 && rate <= 1000) return Math.round(rate * 1000) / 1000;
  }
  return null;
}

function startOf(stream: ProbeStream | undefined): number | null {
  const start = Number(stream?.start_time);
  return Number.isFinite(start) ? start : null;
}

/** The parts of ffprobe's JSON read here; ffprobe leaves out what it does not know, and writes numbers of the format as strings. */
interface ProbeFormat {
  duration?: string;
  size?: string;
  format_name?: string;
  tags?: Record<string, unknown>;
}
interface ProbeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  duration?: string;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  channels?: number;
  start_time?: string;
  disposition?: { attached_pic?: number };
}

function lowerKeys(o: Record<string, unknown>): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k.toLowerCase(), typeof v === 'string' ? v : undefined]));
}

function nonEmpty(s: string | undefined): string | null {
  const t = s?.trim();
  return t ? t : null;
}
