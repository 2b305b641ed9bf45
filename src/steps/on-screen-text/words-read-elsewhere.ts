import { lettersOf } from './known-marks.js';
import { similarity } from './ocr-vote.js';

/**
 * By word of the captions' voted readings: the words the other readings of the same caption read in its place, each
 * with how many readings read it there. known-marks.ts mends a word no dictionary knows with one of them ("Scientst",
 * where another frame read "Scientist").
 */
export type WordsReadElsewhere = Map<string, Map<string, number>>;

/** Least letter likeness for two readings' words to be the same word read twice: a name is not swapped for another word. */
const SAME_WORD = 0.5;

/** Adds to `into` what each of `readings` read where `chosen` read each of its words (their letters, two or more: lettersOf). */
export function addWordsReadElsewhere(
  into: WordsReadElsewhere,
  chosen: { lines: Array<{ text: string }> },
  readings: Array<{ lines: Array<{ text: string }> }>,
): void {
  const words = wordsOf(chosen);
  for (const reading of readings) {
    if (reading === chosen) continue;
    for (const [i, other] of alignedWords(words, wordsOf(reading))) {
      const [word, read] = [lettersOf(words[i]), lettersOf(other)];
      if (!word || !read || read.toLowerCase() === word.toLowerCase()) continue;
      const seen = into.get(word) ?? new Map<string, number>();
      seen.set(read, (seen.get(read) ?? 0) + 1);
      into.set(word, seen);
    }
  }
}

function wordsOf(reading: { lines: Array<{ text: string }> }): string[] {
  return reading.lines
    .flatMap((l) => l.text.split(/\s+/))
    .filter(Boolean)
    .map((w) => w.normalize('NFC'));
}

/**
 * The pairs (index in `a`, word of `b`) of the cheapest word-by-word edit from `a` to `b`, where a word stands for
 * another only if their letters are SAME_WORD alike (Levenshtein over words: no library aligns token lists).
 */
function alignedWords(a: string[], b: string[]): Array<[number, string]> {
  const cost = (x: string, y: string) => {
    const s = similarity(x.toLowerCase(), y.toLowerCase());
    return s >= SAME_WORD ? 1 - s : Number.POSITIVE_INFINITY;
  };
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => i + j));
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost(a[i - 1], b[j - 1]));
  const pairs: Array<[number, string]> = [];
  for (let i = a.length, j = b.length; i > 0 && j > 0; ) {
    if (d[i][j] === d[i - 1][j - 1] + cost(a[i - 1], b[j - 1])) pairs.push([--i, b[--j]]);
    else if (d[i][j] === d[i - 1][j] + 1) i--;
    else j--;
  }
  return pairs.reverse();
}
