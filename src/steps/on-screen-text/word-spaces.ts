/**
 * Specks of texture between two words of a caption read as a mark joining them ("21000:km", "Built’over", "in,casa",
 * "tres|pasos", "la“ricetta"): a colon between letters, or between a number and a word, an apostrophe before anything
 * but a contraction's ending, and a comma, a bar or a double quote between letters (no Latin-script word holds one) are
 * word spaces.
 */
export function separateWords(text: string): string {
  return text
    .replace(/(?<=[\p{L}\p{N}]):(?=\p{L})|(?<=\p{L}):(?=\p{N})/gu, ' ')
    .replace(/(?<=\p{L})[’'](?!(?:s|t|re|ve|ll|d|m)\b)(?=\p{L}{2,})/gu, ' ')
    .replace(/(?<=\p{L})[,|"“”„«»](?=\p{L})/gu, ' ');
}
