import { runProcess } from '../process/run-process.js';

/** Silences ffmpeg's silencedetect found: [start, end] in seconds. */
export async function detectSilences(ffmpeg: string, audio: string, signal: AbortSignal): Promise<Array<[number, number]>> {
  const { stderr } = await runProcess(
    ffmpeg,
    ['-hide_banner', '-nostats', '-i', audio, '-af', 'silencedetect=noise=-35dB:d=0.3', '-f', 'null', '-'],
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
