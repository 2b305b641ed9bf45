import { bare, marked } from '../../engines/ocr/letter-marks.js';
import type { SpellBudget, SpellCheck } from '../../engines/spelling/spell-check.port.js';

/** The marked letters of the Latin-script languages, by their plain letter: the marks a misread one is tried with. */
const MARKS: ReadonlyMap<string, string[]> = (() => {
  const forms = new Map<string, string[]>();
  for (const letter of 'àáâãäåāăąçćčďèéêëēėęěìíîïīįñńňòóôõöōőùúûüūůűųýÿźżžśšşţťŕřĺľğ') {
    const plain = bare(letter);
    forms.set(plain, [...(forms.get(plain) ?? []), letter]);
  }
  return forms;
})();

/** A word of two letters or more, with what stands before and after it ("«não»,"). */
const WORD = /^(\P{L}*)(\p{L}{2,})(\P{L}*)$/u;

/**
 * Captions' words mended where Tesseract misread a letter's mark, by dictionaries (the SpellCheck port). The
 * Latin-script model now and then reads a mark as another ("nåo" for "não", "Pào" for "Pão"), and the English model's
 * reading, taken for an unsure word, has none ("PIU" for "PIÙ"). A word no dictionary knows becomes the one spelling
 * they know that differs from it only in one letter's mark:
 *  - a word with a marked letter: that letter with another mark, else (none known) without it ("Téam", "FÁCIĽES");
 *  - a word without marks: one of its letters with a mark ("facil": "fácil").
 * With two spellings known, or none, the word stays as read. Only where the captions show a marked letter (text in a
 * language that writes them: captions without one cost no check) and the dictionaries know at least half their words
 * (the text is in their languages: a Swedish caption's "på" is no misread Spanish "pa").
 */
export async function withKnownMarks<C extends { text: string; lines: Array<{ text: string }> }>(
  captions: C[],
  spelling: SpellCheck,
  budget: SpellBudget,
): Promise<C[]> {
  const words = [
    ...new Set(
      captions
        .flatMap((c) => [c.text, ...c.lines.map((l) => l.text)])
        .flatMap((t) => t.split(/\s+/))
        .flatMap((w) => WORD.exec(w.normalize('NFC'))?.[2] ?? []),
    ),
  ];
  if (!words.some((w) => [...w].some(marked))) return captions;
  const variants = new Map(words.map((w) => [w, markVariants(w)]));
  const unknown = await spelling.unknown([...words, ...new Set([...variants.values()].flat())], budget);
  if (!unknown || 2 * words.filter((w) => unknown.has(w)).length > words.length) return captions;
  const mended = new Map<string, string>();
  for (const w of words) {
    const known = unknown.has(w) ? variants.get(w)!.filter((v) => !unknown.has(v)) : [];
    const to = chosenSpelling(w, known);
    if (to) mended.set(w, to);
  }
  if (!mended.size) return captions;
  const mend = (text: string) =>
    text
      .split(' ')
      .map((token) => {
        const m = WORD.exec(token.normalize('NFC'));
        const to = m && mended.get(m[2]);
        return to ? `${m[1]}${to}${m[3]}` : token;
      })
      .join(' ');
  return captions.map((c) => ({ ...c, text: mend(c.text), lines: c.lines.map((l) => ({ ...l, text: mend(l.text) })) }));
}

/**
 * Of the known spellings: the one with the read letter's other mark where exactly one is known (two: none), else the
 * one without that mark, or an unmarked word's one with a mark.
 */
function chosenSpelling(word: string, known: string[]): string | null {
  const swapped = known.filter((k) => marks(k) === marks(word));
  if (swapped.length) return swapped.length === 1 ? swapped[0] : null;
  return known.length === 1 ? known[0] : null;
}

function marks(word: string): number {
  return [...word].filter(marked).length;
}

/**
 * The spellings of `word` that differ from it in one letter's mark, case kept: one of its marked letters with another
 * mark or none; else (no marked letter) any letter with any mark it takes.
 */
export function markVariants(word: string): string[] {
  const letters = [...word];
  const markedAt = letters.flatMap((l, i) => (marked(l) ? [i] : []));
  const out = new Set<string>();
  for (const i of markedAt.length ? markedAt : letters.keys()) {
    const lower = letters[i].toLowerCase();
    const upper = letters[i] !== lower;
    const plain = bare(lower);
    for (const form of [plain, ...(MARKS.get(plain) ?? [])]) {
      if (form === lower) continue;
      const variant = [...letters];
      variant[i] = upper ? form.toUpperCase() : form;
      out.add(variant.join(''));
    }
  }
  return [...out];
}
