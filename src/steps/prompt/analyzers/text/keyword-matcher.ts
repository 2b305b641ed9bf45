/** Escapes a string for use inside a RegExp. */
export function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A case-insensitive, word-bounded pattern for a keyword or phrase that also matches its common
 * inflections: plural (-s, -es), -ing and -ed, with a final "e" dropped ("bake" -> "baking", "baked").
 */
export function keywordPattern(keyword: string): RegExp {
  const { words, last, root } = keywordWords(keyword);
  const stem = root === last ? escapeRegExp(last) : `(?:${escapeRegExp(last)}|${escapeRegExp(root)})`;
  const inflected = `${stem}(?:s|es|ing|ed|d)?`;
  return new RegExp(`(?<![\\p{L}\\p{N}])${[...words.map(escapeRegExp), inflected].join('[\\s-]+')}(?![\\p{L}\\p{N}])`, 'giu');
}

/** A keyword's words in lower case: all but the last, the last, and the last without a final "e" (a word of 4+ letters) or as it is. */
function keywordWords(keyword: string): { words: string[]; last: string; root: string } {
  const words = keyword.trim().toLowerCase().split(/\s+/);
  const last = words.pop()!;
  return { words, last, root: last.endsWith('e') && last.length > 3 ? last.slice(0, -1) : last };
}

/**
 * A keyword whose pattern is built and run only on texts that hold every one of its words (its last word without
 * a final "e"): building and compiling a taxonomy's hundreds of word-bounded Unicode patterns cost about 0.4 s of
 * CPU per process, while a text holds only a few of its keywords.
 */
export class Keyword {
  private pattern: RegExp | null = null;
  /** The words a match must contain, lower case; none when the keyword is not plain ASCII (no shortcut then). */
  private readonly needles: string[];

  constructor(readonly keyword: string) {
    const { words, root } = keywordWords(keyword);
    this.needles = /^[\x20-\x7e\s]*$/.test(keyword) ? [...words, root] : [];
  }

  /** How many times the keyword occurs in a text, given as `searchable(text)`. */
  count(text: SearchableText): number {
    if (this.needles.some((n) => !text.folded.includes(n))) return 0;
    this.pattern ??= keywordPattern(this.keyword);
    return countMatches(this.pattern, text.original);
  }
}

/** A text and its case-folded copy, for Keyword.count. */
export interface SearchableText {
  original: string;
  folded: string;
}

/**
 * `text` with its case-folded copy: lower case, plus the one letter whose case folding (which the patterns' `iu`
 * flags use) gives an ASCII letter that lower-casing does not ("ſ", long s). The Kelvin sign lower-cases to "k".
 */
export function searchable(text: string): SearchableText {
  return { original: text, folded: text.toLowerCase().replaceAll('ſ', 's') };
}

/** How many times `pattern` occurs in `text`. */
export function countMatches(pattern: RegExp, text: string): number {
  pattern.lastIndex = 0;
  let n = 0;
  while (pattern.exec(text)) n++;
  return n;
}
