import { inEuropeanLetters } from './european-letters.js';
import { bare, marked } from './letter-marks.js';
import type { OcrLine, OcrWord } from './ocr-engine.port.js';

/**
 * A crop's reading by the caption model (`primary`: the Latin-script one) mended word by word with a second model's
 * reading of the same crop (`second`: English). The Latin model keeps accents the English one drops, but reads some
 * plain words less surely and now and then adds a mark that is not there ("Breađ", "TWỌ"). Each word is matched with
 * the second reading's word in the same place (boxes that share most of their width and some height):
 *  - the same letters but for their marks: the primary's word (its accents), at the surer of the two confidences;
 *  - the same but for one marked letter of the primary's that the second has none for: the primary's word without it
 *    (the Latin model now and then reads a mark as a letter of its own: "Påão" beside "Pao" is "Pão");
 *  - a letter no European alphabet writes (european-letters.ts): the second's word;
 *  - other letters where the primary has marked ones and the same letters elsewhere ("Joãào" or "Joào" beside
 *    "Jodo"): the primary's word, unsure as it was. The English model has no marked letters and reads one as some
 *    plain letter, surely: taken, its guess outvoted the samples that read "João";
 *  - otherwise the surer of the two.
 * A word only the second model read is added to the line it stands on. Without boxes the primary reading stands.
 */
export function mendedReading(primary: OcrLine[], second: OcrLine[]): OcrLine[] {
  const others = second.flatMap((l) => l.words).filter((w) => w.box);
  const used = new Set<OcrWord>();
  const lines = primary.map((line) => ({
    words: line.words.map((word) => {
      const other = word.box ? others.find((o) => !used.has(o) && samePlace(word.box!, o.box!)) : undefined;
      if (!other) return word;
      used.add(other);
      if (!inEuropeanLetters(word.text)) return other;
      if (bare(word.text) === bare(other.text)) return { ...word, confidence: Math.max(word.confidence, other.confidence) };
      const unmarked = withoutInsertedMark(word.text, other.text);
      if (unmarked) return { ...word, text: unmarked, confidence: Math.max(word.confidence, other.confidence) };
      if (differsOnlyInMarkedLetters(word.text, other.text)) return word;
      return other.confidence > word.confidence ? other : word;
    }),
  }));
  for (const other of others) {
    if (used.has(other)) continue;
    const line = lines.find((l) => l.words.some((w) => w.box && overlap(w.box.top, w.box.height, other.box!.top, other.box!.height) > 0.5));
    if (!line) continue;
    line.words.push(other);
    line.words.sort((a, b) => (a.box?.left ?? 0) - (b.box?.left ?? 0));
  }
  return lines;
}

/** A word read under this confidence (0-100) is unsure: as sure as the ocr step wants a caption on the whole. */
const SURE = 70;

/** Whether a reading is worth a second model's: a word read unsurely, or with a letter no European alphabet writes. */
export function needsSecondModel(lines: OcrLine[]): boolean {
  return lines.some((l) => l.words.some((w) => w.confidence < SURE || !inEuropeanLetters(w.text)));
}

type Box = NonNullable<OcrWord['box']>;

function samePlace(a: Box, b: Box): boolean {
  return overlap(a.left, a.width, b.left, b.width) >= 0.5 && overlap(a.top, a.height, b.top, b.height) > 0;
}

/** The share of the shorter of two spans that they have in common. */
function overlap(a: number, aLength: number, b: number, bLength: number): number {
  const common = Math.min(a + aLength, b + bLength) - Math.max(a, b);
  return Math.max(0, common) / Math.max(1, Math.min(aLength, bLength));
}

/** Whether `word` and `other` differ only in a run of `word`'s letters that are all marked. */
function differsOnlyInMarkedLetters(word: string, other: string): boolean {
  const [a, b] = [[...word.normalize('NFC')], [...other.normalize('NFC')]];
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end++;
  const differs = a.slice(start, a.length - end);
  return differs.length > 0 && differs.every(marked);
}

/** `word` without the one marked letter that leaves the same letters as `other` but for marks, or null. */
function withoutInsertedMark(word: string, other: string): string | null {
  const letters = [...word.normalize('NFC')];
  const target = bare(other);
  for (let i = 0; i < letters.length; i++) {
    if (!marked(letters[i])) continue;
    const rest = [...letters.slice(0, i), ...letters.slice(i + 1)].join('');
    if (bare(rest) === target) return rest;
  }
  return null;
}
