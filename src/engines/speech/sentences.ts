import { meanConfidence } from './speech-confidence.js';
import type { TimedWord, TranscriptSegment } from './speech-to-text.port.js';

/**
 * Sentences from an engine that gives words without punctuation (pocketsphinx): split at pauses, weighed
 * by English cues (a sentence rarely ends on "the" or "of"; it often starts with "the", "this", "it"), and
 * restored as sentences: capitalised, with a full stop or a question mark.
 */

/** A pause this long ends a sentence (people breathe between sentences), unless the word before cannot end one. */
const LONG_PAUSE = 0.4;
/** A shorter pause ends a sentence when the next word usually starts one. */
const SHORT_PAUSE = 0.12;
/** Past this many words a sentence is cut at its best boundary: run-on segments make poor claims. */
const MAX_WORDS = 22;
/** A sentence needs this many words before a weak boundary may end it. */
const MIN_WORDS = 3;

// Words an English sentence practically never ends on: articles, prepositions, conjunctions, auxiliaries,
// possessives, subject pronouns.
const NEVER_LAST = new Set(
  (
    'a an the of to in on at for with from by as into onto about over under than and or but nor so if because ' +
    'that which who whose whom when where while is are was were be been being am has have had do does did will ' +
    'would can could should shall may might must my your our their his her its this these those i we you they he ' +
    'she very more most less not no just also really how whether unless although until'
  ).split(' '),
);
// Words that continue a sentence and practically never start one.
const NEVER_FIRST = new Set(['of', 'than', 'whom', 'nor', "'s"]);
// Words that open a clause the sentence is not complete without: "I love how soft" goes on "my skin feels".
const OPENS_CLAUSE = new Set(['how', 'whether']);
// Words that often start an English sentence.
const OFTEN_FIRST = new Set(
  (
    "the this that these those it it's its there they we i you he she our my your their here now today so but " +
    'and then also what why how when where who do does did is are can just buy get try order click subscribe ' +
    "follow shop use don't stop save join watch link only results doctors scientists experts studies research " +
    'in on every all most many some no one if'
  ).split(' '),
);
const QUESTION_FIRST =
  /^(what|why|how|where|when|who|which|whose)\b|^(do|does|did|is|are|was|were|can|could|would|should|will|have|has)\s+(you|we|they|i|it|he|she|this|that|there|your)\b/i;

/** Words grouped into sentences, each a segment with its times and its words. */
export function sentencesOf(words: TimedWord[]): TranscriptSegment[] {
  const groups: TimedWord[][] = [];
  let current: TimedWord[] = [];
  words.forEach((w, i) => {
    if (i > 0 && endsBefore(words, i, current.length)) {
      groups.push(current);
      current = [];
    }
    current.push(w);
  });
  if (current.length) groups.push(current);
  return groups.flatMap(capLength).map(toSegment);
}

/** Whether a sentence ends between words[i - 1] and words[i], `length` words into it. */
function endsBefore(words: TimedWord[], i: number, length: number): boolean {
  const gap = words[i].start - words[i - 1].end;
  const next = bare(words[i].word);
  if (gap >= 1.5 * LONG_PAUSE) return true;
  if (!mayEnd(words.slice(i - length, i)) || NEVER_FIRST.has(next)) return false;
  if (gap >= LONG_PAUSE) return true;
  return gap >= SHORT_PAUSE && length >= MIN_WORDS && OFTEN_FIRST.has(next);
}

/**
 * Whether `sentence` (its words so far) can be a whole sentence: not when its last word cannot end one, nor when
 * a clause it opened inside ("how", "whether") has at most one word yet: "I love how soft" is waiting for its verb.
 */
function mayEnd(sentence: TimedWord[]): boolean {
  const words = sentence.map((w) => bare(w.word));
  if (NEVER_LAST.has(words[words.length - 1])) return false;
  let opener = -1;
  for (let k = 1; k < words.length; k++) if (OPENS_CLAUSE.has(words[k])) opener = k;
  return opener < 0 || words.length - opener > 2;
}

/** A run-on group cut at its longest pause where a sentence may end, until every part is short enough. */
function capLength(group: TimedWord[]): TimedWord[][] {
  if (group.length <= MAX_WORDS) return [group];
  let best = -1;
  let bestScore = -Infinity;
  for (let i = MIN_WORDS; i <= group.length - MIN_WORDS; i++) {
    if (!mayEnd(group.slice(0, i)) || NEVER_FIRST.has(bare(group[i].word))) continue;
    const score =
      group[i].start - group[i - 1].end + (OFTEN_FIRST.has(bare(group[i].word)) ? 0.1 : 0) - Math.abs(i - group.length / 2) * 0.001;
    if (score > bestScore) [best, bestScore] = [i, score];
  }
  if (best < 0) best = Math.floor(group.length / 2);
  return [...capLength(group.slice(0, best)), ...capLength(group.slice(best))];
}

function toSegment(words: TimedWord[]): TranscriptSegment {
  const confidence = meanConfidence(words);
  return {
    start: words[0].start,
    end: words[words.length - 1].end,
    text: punctuate(words.map((w) => w.word).join(' ')),
    words,
    ...(confidence !== null ? { confidence } : {}),
  };
}

/** Lower-case engine words as a sentence: "I" capitalised, the first letter capitalised, a closing mark. */
export function punctuate(text: string): string {
  const t = text
    .trim()
    .replace(/\b(i)(?=$|\s|'(m|ve|ll|d)\b)/g, 'I')
    .replace(/^\p{Ll}/u, (c) => c.toUpperCase());
  if (!t || /[.!?]$/.test(t)) return t;
  return `${t}${QUESTION_FIRST.test(t) ? '?' : '.'}`;
}

function bare(word: string): string {
  return word.toLowerCase().replace(/[^a-z']/g, '');
}

/**
 * Segments of an engine that punctuates (OpenAI-compatible servers) split where a segment holds several
 * sentences, each part timed by its words (or by its share of the characters when there are none).
 */
export function splitPunctuated(segments: TranscriptSegment[]): TranscriptSegment[] {
  return segments.flatMap((s) => {
    const parts = s.text.split(/(?<=[.!?])\s+(?=["'(]?[\p{Lu}\d])/u).filter((p) => p.trim());
    if (parts.length < 2) return [s];
    const out: TranscriptSegment[] = [];
    let wordAt = 0;
    let charAt = 0;
    const total = s.text.length;
    for (const part of parts) {
      const count = part.split(/\s+/).filter(Boolean).length;
      const words = s.words?.length ? s.words.slice(wordAt, wordAt + count) : undefined;
      wordAt += count;
      const share = (n: number) => Math.round((s.start + ((s.end - s.start) * n) / total) * 1000) / 1000;
      const start = words?.length ? words[0].start : share(charAt);
      charAt += part.length + 1;
      const end = words?.length ? words[words.length - 1].end : share(Math.min(charAt, total));
      // Each part keeps what the engine said of the whole segment (its confidence).
      const { words: _all, ...rest } = s;
      out.push({ ...rest, start, end, text: part.trim(), ...(words?.length ? { words } : {}) });
    }
    return out;
  });
}
