import { runProcess } from '../process/run-process.js';
import { type PcmWav, readPcmWav } from './pcm-wav.js';

/** The level under which a sample is silent (dB under full scale), and how long a silence lasts at least (seconds). */
const SILENCE_DB = -35;
const SILENCE_SECONDS = 0.3;

/** Silences in the audio, as ffmpeg's silencedetect finds them: [start, end] in seconds. */
export async function detectSilences(ffmpeg: string, audio: string, signal: AbortSignal): Promise<Array<[number, number]>> {
  const wav = readPcmWav(audio);
  if (wav?.channels === 1) return silencesOf(wav);
  const { stderr } = await runProcess(
    ffmpeg,
    ['-hide_banner', '-nostats', '-i', audio, '-af', `silencedetect=noise=${SILENCE_DB}dB:d=${SILENCE_SECONDS}`, '-f', 'null', '-'],
    { signal, name: 'ffmpeg' },
  );
  const silences: Array<[number, number]> = [];
  let start: number | null = null;
  for (const line of stderr.split('\n')) {
    const s = /silence_start: (-?[\d.]+)/.exec(line);
    if (s) start = Math.max(0, Number(s[1]));
    const e = /silence_end: ([\d.]+)/.exec(line);
    if (e && start !== null) {
      silences.push([start, Number(e[1])]);
      start = null;
    }
  }
  return silences;
}

/**
 * ffmpeg's silencedetect on a mono WAV's samples, worked out in the process (an ffmpeg process costs more to start than
 * the pass): a sample is silent strictly within the level (cast to a 16-bit sample), a silence starts once enough
 * silent samples follow one another and ends at the first sample that is not (or at the end); times are printed to 6
 * significant digits, as ffmpeg prints them, so the pieces are cut where they were.
 */
export function silencesOf(wav: PcmWav): Array<[number, number]> {
  const level = Math.trunc(10 ** (SILENCE_DB / 20) * 32767);
  const least = Math.round(SILENCE_SECONDS * wav.rate);
  const samples = new Int16Array(wav.data.buffer.slice(wav.data.byteOffset, wav.data.byteOffset + wav.data.length));
  const at = (n: number) => Number(((1 / wav.rate) * n).toPrecision(6));
  const silences: Array<[number, number]> = [];
  let run = 0;
  let start = -1;
  for (let n = 0; n < samples.length; n++) {
    if (samples[n] < level && samples[n] > -level) {
      if (start < 0 && ++run >= least) start = n + 1 - least;
      continue;
    }
    if (start >= 0) silences.push([at(start), at(n)]);
    run = 0;
    start = -1;
  }
  if (start >= 0) silences.push([at(start), at(samples.length)]);
  return silences;
}

/**
 * Cut points that split `duration` seconds into pieces of about `target` seconds (never more than
 * `max`), each cut in the middle of a silence, so no word is cut in two. Without a silence nearby a
 * piece is cut at `max`.
 */
export function planPieces(duration: number, silences: Array<[number, number]>, target = 20, max = 30): Array<[number, number]> {
  const pieces: Array<[number, number]> = [];
  let from = 0;
  while (duration - from > max) {
    const mids = silences.map(([a, b]) => (a + b) / 2).filter((m) => m > from + target / 2 && m <= from + max);
    const cut = mids.length
      ? mids.reduce((best, m) => (Math.abs(m - (from + target)) < Math.abs(best - (from + target)) ? m : best))
      : from + max;
    pieces.push([from, cut]);
    from = cut;
  }
  pieces.push([from, duration]);
  return pieces;
}
