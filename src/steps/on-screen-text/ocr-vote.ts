import type { Box } from '../../imaging/box.js';

/** One OCR reading of a caption region on one frame. */
export interface Reading {
  lines: Array<{ text: string; confidence: number }>;
  /** The sample it was read in. */
  sample?: number;
  /** Where its words lay in that sample (read-places.ts), when the crop placed them. */
  place?: Box | null;
}

/**
 * The reading most of the others agree with: each reading scores its similarity to every other reading
 * plus its own confidence, so one frame's misread ("Removed L wrinkles") loses to two that agree, and a
 * reading that lost a word ("WE" for "WE FLEW") loses to the complete one it is part of. Empty readings only win when all are empty.
 */
export function voteReading(readings: Reading[]): Reading {
  const withText = readings.filter((r) => r.lines.length);
  if (withText.length <= 1) return withText[0] ?? { lines: [] };
  // Agreement is on the letters: a reading that lost its word spaces ("Linkinbio") still backs the others.
  const texts = withText.map((r) =>
    r.lines
      .map((l) => l.text)
      .join('')
      .replace(/\s+/g, '')
      .toLowerCase(),
  );
  const confidence = (r: Reading) => r.lines.reduce((s, l) => s + l.confidence, 0) / r.lines.length;
  let best = withText[0];
  let bestScore = -Infinity;
  withText.forEach((r, i) => {
    // A reading that holds another whole is backed by it: that one lost a word (unsure words are dropped), not this one.
    const agreement = texts.reduce((s, t, j) => (j === i ? s : s + (texts[i].includes(t) ? 1 : similarity(texts[i], t))), 0);
    const score = agreement + confidence(r) * 0.5;
    if (score > bestScore) {
      bestScore = score;
      best = r;
    }
  });
  // Of the readings with the winner's letters, the surest one (it has the spaces right, as a rule).
  const key = texts[withText.indexOf(best)];
  return withText.filter((_, i) => texts[i] === key).sort((a, b) => confidence(b) - confidence(a))[0];
}

/** 1 - normalised edit distance. */
export function similarity(a: string, b: string): number {
  if (!a.length && !b.length) return 1;
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return 1 - row[b.length] / Math.max(a.length, b.length);
}
