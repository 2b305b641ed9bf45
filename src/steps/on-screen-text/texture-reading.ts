import { TEXTURE_CONFIDENCE, TEXTURE_SHORT_SHARE, TEXTURE_SHORT_WORD, TEXTURE_WORDS } from './ocr.spec.js';

/**
 * A reading of texture, not of text: Tesseract makes words of one or two letters out of a patterned picture
 * ("ad, < a An A, ad Ge a Lae" over cellular patterns, "rA FA 4, TY C i å" over a bright photo), at a mean confidence
 * as high as a caption read with difficulty (0.7-0.8). A caption in any language has short words too ("a", "de",
 * "LA"), but not mostly over four words and more, or it reads surer.
 */
export function readsLikeTexture(text: string, confidence: number): boolean {
  if (confidence >= TEXTURE_CONFIDENCE) return false;
  const words = text.split(/\s+/).filter(Boolean);
  const short = words.filter((w) => w.replace(/[^\p{L}\p{N}]/gu, '').length <= TEXTURE_SHORT_WORD).length;
  return words.length >= TEXTURE_WORDS && short >= TEXTURE_SHORT_SHARE * words.length;
}
