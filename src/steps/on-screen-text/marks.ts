/** The text without its letters' marks (accents, cedillas, tildes): "changéd" and "changed" are one word read twice. */
export function withoutMarks(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '');
}
