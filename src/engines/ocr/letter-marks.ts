/** The text without its letters' marks (accents, cedillas, carons), as a model without them reads it. */
export function bare(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC');
}

/** Whether a letter carries a mark (an accent, a cedilla, a tilde). */
export function marked(letter: string): boolean {
  return bare(letter) !== letter;
}
