import { defineStep } from '../step.js';
import { audioLevelsSpec } from './audio-levels.spec.js';

interface Level {
  time: number;
  loudness_db: number;
}

export const audioLevelsStep = defineStep<{ audio: string }, { series: Level[]; peaks: Level[] }>({
  ...audioLevelsSpec,
  async run(input, ctx) {
    const readings = await ctx.tools.video.loudness(input.audio, ctx.signal);
    // One reading per 100 ms; keep every fifth. Silence reads about -120 LUFS: it stays, as silence.
    const series = readings
      .map((r) => ({ time: Math.round(r.time * 10) / 10, loudness_db: Math.max(-120, Math.round(r.lufs * 10) / 10) }))
      .filter((l) => Math.round(l.time * 10) % 5 === 0);
    return { series, peaks: findPeaks(series) };
  },
});

export function findPeaks(series: Level[], count = 5, aboveMedianDb = 6, minGapSeconds = 2): Level[] {
  if (!series.length) return [];
  const sorted = [...series].map((l) => l.loudness_db).sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  const peaks: Level[] = [];
  for (const l of [...series].sort((a, b) => b.loudness_db - a.loudness_db)) {
    if (l.loudness_db < median + aboveMedianDb || peaks.length >= count) break;
    if (peaks.every((p) => Math.abs(p.time - l.time) >= minGapSeconds)) peaks.push(l);
  }
  return peaks;
}
