import type { OcrLine } from '../../engines/ocr/ocr-engine.port.js';
import {
  MADE_OUT_CONFIDENCE,
  MADE_OUT_WORDS,
  TEXTURE_CONFIDENCE,
  TEXTURE_SHORT_SHARE,
  TEXTURE_SHORT_WORD,
  TEXTURE_WORDS,
} from './ocr.spec.js';

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

/** Whether a crop's reading (its lines, each with its mean word confidence) is of texture, taken whole. */
export function linesReadLikeTexture(lines: ReadonlyArray<{ text: string; confidence: number }>): boolean {
  if (!lines.length) return false;
  return readsLikeTexture(lines.map((l) => l.text).join(' '), lines.reduce((s, l) => s + l.confidence, 0) / lines.length);
}

/** Whether a crop's reading, every word of it, is too many words too unsure to be text made out (MADE_OUT_CONFIDENCE). */
export function madeOutNothing(lines: OcrLine[]): boolean {
  const words = lines.flatMap((l) => l.words);
  return words.length >= MADE_OUT_WORDS && words.reduce((s, w) => s + w.confidence, 0) / words.length < MADE_OUT_CONFIDENCE;
}
