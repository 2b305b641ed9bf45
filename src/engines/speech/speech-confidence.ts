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

/** A word the engine is more sure of than not. */
const SURE = 0.5;

/**
 * How sure the engine is of a whole transcript: the mean of two estimates, the words' mean confidence (as above)
 * and the share of words it is more sure of than not. Nonsense from an unfamiliar voice or another language often
 * has a few long words the engine is sure of among many it is not; the share catches what the mean lets through.
 */
export function transcriptConfidence(words: TimedWord[]): number | null {
  const mean = meanConfidence(words);
  const rated = words.filter((w) => w.confidence !== undefined);
  if (mean === null || !rated.length) return null;
  const sure = rated.filter((w) => (w.confidence ?? 0) >= SURE).length / rated.length;
  return Math.round(((mean + sure) / 2) * 1000) / 1000;
}
