/** Escapes a string for use inside a RegExp. */
export function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A case-insensitive, word-bounded pattern for a keyword or phrase that also matches its common
 * inflections: plural (-s, -es), -ing and -ed, with a final "e" dropped ("bake" -> "baking", "baked").
 */
export function keywordPattern(keyword: string): RegExp {
  const words = keyword.trim().toLowerCase().split(/\s+/).map(escapeRegExp);
  const last = words.pop()!;
  const stem = last.endsWith('e') && last.length > 3 ? `(?:${last}|${last.slice(0, -1)})` : last;
  const inflected = `${stem}(?:s|es|ing|ed|d)?`;
  return new RegExp(`(?<![\\p{L}\\p{N}])${[...words, inflected].join('[\\s-]+')}(?![\\p{L}\\p{N}])`, 'giu');
}

/** How many times `pattern` occurs in `text`. */
export function countMatches(pattern: RegExp, text: string): number {
  pattern.lastIndex = 0;
  let n = 0;
  while (pattern.exec(text)) n++;
  return n;
}
