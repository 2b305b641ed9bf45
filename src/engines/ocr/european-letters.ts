/**
 * Whether every letter of `text` is one the languages of Western and Central Europe write: ASCII, Latin-1 and Latin
 * Extended-A (accents, cedillas, carons, ß, ø, œ, ł), but not the dotless i. Tesseract's Latin-script model reads
 * every Latin alphabet, so it sometimes writes a letter of a rarer one where a plain letter stands: a dot below a
 * round letter on the baseline ("TWỌ" for "TWO", Vietnamese), a dotless i ("fınal", Turkish).
 */
export function inEuropeanLetters(text: string): boolean {
  for (const char of text) {
    if (!/\p{L}/u.test(char)) continue;
    const code = char.codePointAt(0)!;
    if (code > 0x17f || code === 0x131) return false;
  }
  return true;
}
