import type { TimedWord } from './speech-to-text.port.js';

/**
 * How sure the engine is of a stretch of words: the mean of their confidences weighted by their durations, so
 * that a long content word counts for more than "a" or "the". null when no word carries a confidence.
 */
export function meanConfidence(words: TimedWord[]): number | null {
  let weight = 0;
  let sum = 0;
  for (const w of words) {
    if (w.confidence === undefined) continue;
    const d = Math.max(w.end - w.start, 0.01);
    weight += d;
    sum += d * w.confidence;
  }
  return weight ? Math.round((sum / weight) * 1000) / 1000 : null;
}
