/**
 * How a track's channels become one: each weighed by its share of the track's speech-band power (300-3400 Hz), so
 * the mix never clips (the weights add up to 1), a voice alone on one channel (the centre of 5.1, one side of a
 * stereo recording) keeps its level, identical channels mix to themselves, and the LFE, silent in that band,
 * counts for nothing. Whatever the layout: only the channels' sounds decide. A silent track mixes evenly.
 */
export function channelWeights(levelsDb: number[]): number[] {
  const powers = levelsDb.map((db) => (Number.isFinite(db) ? 10 ** (db / 10) : 0));
  const total = powers.reduce((a, b) => a + b, 0);
  return total > 0 ? powers.map((p) => p / total) : levelsDb.map(() => 1 / levelsDb.length);
}

/** The band the channels are weighed in: a voice's, below the bass and LFE, above most cymbals. */
export const SPEECH_BAND = 'highpass=f=300,lowpass=f=3400';

/** ffmpeg's per-channel RMS levels (dB) of `astats=measure_overall=none:measure_perchannel=RMS_level`, in channel order. */
export function channelLevels(stderr: string): number[] {
  return [...stderr.matchAll(/RMS level dB:\s*(-?inf|-?[\d.]+)/g)].map((m) => (m[1].endsWith('inf') ? -Infinity : Number(m[1])));
}

/** The ffmpeg `pan` filter mixing channels with `weights` into mono. */
export function downmixFilter(weights: number[]): string {
  return `pan=mono|c0=${weights.map((w, i) => `${w.toFixed(6)}*c${i}`).join('+')}`;
}

/**
 * Filters that put a track on the picture's timeline: its gaps filled with silence, then silence before it when it
 * starts `start` seconds after the picture, or its first `-start` seconds cut when it starts before.
 */
export function placementFilters(start: number): string[] {
  const fill = 'aresample=async=1';
  if (start >= 0.001) return [fill, `adelay=delays=${Math.round(start * 1000)}:all=1`];
  if (start <= -0.001) return [fill, `atrim=start=${-start}`, 'asetpts=PTS-STARTPTS'];
  return [fill];
}
