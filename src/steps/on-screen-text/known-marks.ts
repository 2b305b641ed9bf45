import { bare, marked } from '../../engines/ocr/letter-marks.js';
import type { OcrLine } from '../../engines/ocr/ocr-engine.port.js';
import type { SpellBudget, SpellCheck } from '../../engines/spelling/spell-check.port.js';
import { corroboratedLanguage } from '../shared/language.js';

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
/** The share of the captions' words the first dictionary must know to be taken as their language without asking the others. */
const FIRST_ENOUGH = 0.75;

/**
 * Captions' words mended where Tesseract misread a letter's mark, by the dictionaries of the captions' language (the
 * SpellCheck port). The Latin-script model now and then reads a mark as another ("nåo" for "não", "holå" for "hola"),
 * and the English model's reading, taken for an unsure word, has none ("PIU" for "PIÙ", "NAO"). The captions' language
 * is the one a language identifier names for their text (corroboratedLanguage: two identifiers and a function word
 * agree) where its dictionaries know at least half their words: a dictionary knows words of its neighbours (es_ES
 * knows "nao" and "pao", and so knew more of "RECEITA FÁCIL DE PAO / NAO PERCA O FINAL" than Portuguese did). Else
 * it is the one whose dictionaries know most of their words, at least half (a Swedish caption's "på" is no misread
 * Spanish "pa"); several where they know as many; the first dictionary alone, without asking the others, where it
 * knows FIRST_ENOUGH of them and every marked one and no other language is named. A word it does not know becomes
 * the one spelling it knows that differs only in one letter's mark:
 *  - a word with a marked letter: that letter with another mark, else (none known) without it ("Téam", "FÁCIĽES");
 *  - a word without marks: one of its letters with a mark ("faciles": "fáciles" in a Spanish caption, though French
 *    knows "faciles").
 * Where the language knows none and no dictionary knows the word, the spellings any of them knows are taken ("Produçt":
 * "Product" in a Portuguese reel). With two spellings known, or none, the word stays as read.
 * A word no dictionary knows and no mark mends is then misread in a letter, when the engine weighed another letter
 * there (`choices`, best first): it becomes the spelling with one letter so swapped that the language knows (else any
 * dictionary), the engine's likelier choice where two are known ("Arlist": "Artist", "Korning": "Morning"); where two
 * swaps as likely are known, it stays as read. A word no swap mends becomes the word other readings of its caption read
 * in its place (`readElsewhere`) that the language knows (else any dictionary), the one most read where two are
 * ("Scientst", where another frame read "Scientist"); where two are read as often, it stays as read. A word neither
 * mends is last taken for one glyph read as two letters or two as one (GLYPH_CONFUSIONS: "moming" for "morning"), where
 * exactly one such spelling is known.
 */
export async function withKnownMarks<C extends { text: string; lines: Array<{ text: string }> }>(
  captions: C[],
  spelling: SpellCheck,
  budget: SpellBudget,
  evidence: ReadEvidence = {},
): Promise<C[]> {
  const { choices = () => undefined, readElsewhere = () => undefined } = evidence;
  const words = [
    ...new Set(
      captions
        .flatMap((c) => [c.text, ...c.lines.map((l) => l.text)])
        .flatMap((t) => t.split(/\s+/))
        .flatMap((w) => lettersOf(w) ?? []),
    ),
  ];
  if (!words.length || !spelling.dictionaries.length) return captions;
  const variants = new Map(words.map((w) => [w, markVariants(w)]));
  const swaps = new Map(words.map((w) => [w, letterSwaps(w, choices(w))]));
  const splits = new Map(words.map((w) => [w, glyphSplits(w)]));
  const elsewhere = new Map(
    words.map((w) => [w, mostReadFirst(readElsewhere(w)).map((rank) => [...new Set(rank.map((o) => inCaseOf(w, o)))])]),
  );
  const asked = [
    ...new Set([
      ...words,
      ...[...variants.values()].flat(),
      ...[...swaps.values()].flat().flat(),
      ...[...elsewhere.values()].flat(2),
      ...[...splits.values()].flat(),
    ]),
  ];
  const named = corroboratedLanguage(captions.map((c) => c.text).join(' '));
  const judged = await captionLanguage(words, asked, spelling, budget, named);
  if (!judged) return captions;
  const { language, all } = judged;
  const knows = (unknown: Set<string>[]) => (word: string) => unknown.some((u) => !u.has(word));
  const [inLanguage, anywhere] = [knows(language), knows(all)];
  // The likeliest known of candidates grouped best first: in the language, else any dictionary.
  const likeliest = (ranked: string[][]) => {
    const inIt = likeliestKnown(ranked, inLanguage);
    return inIt === undefined ? (likeliestKnown(ranked, anywhere) ?? null) : inIt;
  };
  // A misread word: a letter swapped for one the engine weighed, else the word another reading read there, else one
  // glyph confusion undone.
  const misreadMended = (w: string) => likeliest(swaps.get(w)!) ?? likeliest(elsewhere.get(w)!) ?? likeliest([splits.get(w)!]);
  const mended = new Map<string, string>();
  for (const w of words) {
    if (inLanguage(w)) continue;
    // A marked word another language writes as read ("café" in an English reel) loses no mark, but may take another.
    const swapOnly = marks(w) > 0 && anywhere(w);
    const known = variants.get(w)!.filter((v) => inLanguage(v) && (!swapOnly || marks(v) === marks(w)));
    // A word no dictionary knows may be another language's misread ("Produçt" in a Portuguese lower third).
    const to =
      chosenSpelling(w, known.length || anywhere(w) ? known : variants.get(w)!.filter(anywhere)) ?? (anywhere(w) ? null : misreadMended(w));
    if (to) mended.set(w, to);
  }
  return mended.size ? withMended(captions, mended) : captions;
}

/** The captions with each word's letters replaced by their mended spelling (`mended`), the punctuation around them kept. */
function withMended<C extends { text: string; lines: Array<{ text: string }> }>(captions: C[], mended: Map<string, string>): C[] {
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
 * The words unknown to the captions' language (see withKnownMarks), and to each dictionary asked; null where no language
 * knows half the words, or the check cannot tell. The dictionaries of one language (pt_PT and pt_BR: the name before
 * "_") are one language that knows what all of them know: pt_BR alone knows "cafe".
 */
async function captionLanguage(
  words: string[],
  asked: string[],
  spelling: SpellCheck,
  budget: SpellBudget,
  named: string | null,
): Promise<{ language: Set<string>[]; all: Set<string>[] } | null> {
  const [first, ...rest] = spelling.dictionaries;
  const byDictionary = await spelling.unknown(asked, [first], budget);
  if (!byDictionary) return null;
  const knownBy = (unknown: Set<string>) => words.filter((w) => !unknown.has(w)).length;
  const firstUnknown = byDictionary.get(first)!;
  // A marked word the first does not know may be another language's word as read: the others are asked (see swapOnly).
  const firstEnough =
    (!named || named === languageOf(first)) &&
    knownBy(firstUnknown) >= FIRST_ENOUGH * words.length &&
    !words.some((w) => marks(w) > 0 && firstUnknown.has(w));
  if (rest.length && !firstEnough) {
    const byRest = await spelling.unknown(asked, rest, budget);
    if (!byRest) return null;
    for (const [d, u] of byRest) byDictionary.set(d, u);
  }
  const languages = new Map<string, Set<string>>();
  for (const [d, u] of byDictionary) {
    const name = languageOf(d);
    languages.set(name, new Set([...(languages.get(name) ?? []), ...u]));
  }
  const all = [...byDictionary.values()];
  const identified = named ? languages.get(named) : undefined;
  if (identified && 2 * knownBy(identified) >= words.length) return { language: [identified], all };
  const most = Math.max(...[...languages.values()].map(knownBy));
  if (2 * most < words.length) return null;
  return { language: [...languages.values()].filter((u) => knownBy(u) === most), all };
}

/** A dictionary's language: its name before "_" (pt_PT and pt_BR are Portuguese). */
function languageOf(dictionary: string): string {
  return dictionary.split('_')[0];
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

/**
 * `word` with one letter swapped for a choice the engine weighed there, grouped by how likely the engine found the
 * choice (its rank among the letter's choices, best first); none where `choices` are not the word's letters.
 */
export function letterSwaps(word: string, choices: string[][] | undefined): string[][] {
  const letters = [...word];
  if (!choices || choices.length !== letters.length) return [];
  const byRank: string[][] = [];
  choices.forEach((others, i) =>
    others.forEach((other, rank) => {
      if (!/^\p{L}$/u.test(other)) return;
      (byRank[rank] ??= []).push([...letters.slice(0, i), other, ...letters.slice(i + 1)].join(''));
    }),
  );
  return byRank.filter(Boolean);
}

/**
 * One shape read for two small letters or two for one: the engine's usual confusions where letters touch or a font
 * is tight ("rn" read as "m"). Small letters only: capitals do not look alike so.
 */
const GLYPH_CONFUSIONS: ReadonlyArray<readonly [string, string]> = [
  ['rn', 'm'],
  ['vv', 'w'],
  ['cl', 'd'],
  ['li', 'h'],
];

/** `word` with one glyph confusion undone at one place, each way round ("moming": "rnoming", "morning"). */
export function glyphSplits(word: string): string[] {
  const out = new Set<string>();
  for (const pair of GLYPH_CONFUSIONS)
    for (const [read, meant] of [pair, [pair[1], pair[0]]]) {
      for (let at = word.indexOf(read); at !== -1; at = word.indexOf(read, at + 1))
        out.add(word.slice(0, at) + meant + word.slice(at + read.length));
    }
  return [...out];
}

/** The one known spelling of the likeliest rank that holds any (`ranked`, best first): null where two are as likely, undefined where none is known. */
function likeliestKnown(ranked: string[][], known: (word: string) => boolean): string | null | undefined {
  for (const rank of ranked) {
    const found = [...new Set(rank.filter(known))];
    if (found.length) return found.length === 1 ? found[0] : null;
  }
  return undefined;
}

/** What else the engine made of the captions' words: the evidence `withKnownMarks` mends a misread word with. */
export interface ReadEvidence {
  /** The other letters the engine weighed in a word, letter by letter, best first (LetterChoices). */
  choices?: (word: string) => string[][] | undefined;
  /** What other readings of its caption read in the word's place, with how many read it (words-read-elsewhere.ts). */
  readElsewhere?: (word: string) => ReadonlyMap<string, number> | undefined;
}

/** Words read elsewhere grouped by how many readings read them, most first. */
function mostReadFirst(read: ReadonlyMap<string, number> | undefined): string[][] {
  const byCount = new Map<number, string[]>();
  for (const [word, count] of read ?? []) byCount.set(count, [...(byCount.get(count) ?? []), word]);
  return [...byCount.entries()].sort((a, b) => b[0] - a[0]).map(([, words]) => words);
}

/** `other` in `word`'s case where that is all capitals or all small letters (a caption's case is its style). */
function inCaseOf(word: string, other: string): string {
  if (word === word.toUpperCase()) return other.toUpperCase();
  return word === word.toLowerCase() ? other.toLowerCase() : other;
}

/** Letter choices by word as read (its letters), gathered from every reading: what `withKnownMarks` swaps letters with. */
export type LetterChoices = Map<string, string[][]>;

/**
 * Adds the choices of the letters of the words of `lines` to `into` (a word's marks of punctuation before and after
 * its letters left out, as withKnownMarks mends it: "Scientst,"), each letter's choices merged, in order.
 */
export function addChoices(into: LetterChoices, lines: OcrLine[]): void {
  for (const word of lines.flatMap((l) => l.words)) {
    const m = WORD.exec(word.text.normalize('NFC'));
    if (!word.choices || !m || [...m[0]].length !== word.choices.length) continue;
    const [before, letters] = [[...m[1]].length, [...m[2]].length];
    const choices = word.choices.slice(before, before + letters);
    const had = into.get(m[2]) ?? choices.map(() => []);
    into.set(
      m[2],
      had.map((others, i) => [...new Set([...others, ...choices[i]])]),
    );
  }
}

/**
 * The letters of a word as read, two or more, without the marks of punctuation before and after them ("Scientst" of
 * "Scientst,"): what withKnownMarks mends and its evidence is gathered for. Null for any other token (a number, "a").
 */
export function lettersOf(token: string): string | null {
  return WORD.exec(token.normalize('NFC'))?.[2] ?? null;
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
