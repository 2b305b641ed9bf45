import { type Component, components } from './components.js';
import { overALetter } from './mark-over-letter.js';
import { median } from './median.js';

/** A binarised caption crop (text-regions.ts binarisedCrop): its letters, and the shapes its top or bottom edge cut. */
export interface CroppedLetters {
  /** Letter pixels, one byte a pixel. */
  clean: Uint8Array;
  w: number;
  h: number;
  /** The region's line height (crop pixels). */
  line: number;
  /** Shapes dropped as cut by the crop's top or bottom edge (the picture, or letters taller than the region's line). */
  cut: Component[];
}

/** Sides of a crop the caption's line goes on past. */
export interface Beyond {
  left: boolean;
  right: boolean;
  above: boolean;
  below: boolean;
  /**
   * Up or down only for one letter the crop cut (a descender, or a tall italic letter cut at both ends), which the
   * picture's shapes mimic: the grown crop stands only where it holds more whole letters (moreWholeLetters).
   */
  onTrial: boolean;
}

/** How near (in lines) a letter's foot or head must be to most letters' to stand on their line. */
const ON_LINE = 0.25;
/** Letters standing on the line this near a side (in lines) run into it. */
const SIDE_BAND = 0.25;
/** Letters the top (bottom) edge cut, at least, for the line to be taller than the crop: one is as often the picture. */
const CUT_LETTERS = 2;

/**
 * Whether the crop's line goes on past its sides or its top and bottom, as a region found in part leaves it: a line
 * of which only some letters stood out in the analysis, or only its small letters' height (its capitals and ascenders
 * then cut by the crop's top). Judged on the letters standing on the line (their foot or head where most letters'
 * is, about as tall as they are): one within a quarter of a line of a side, or CUT_LETTERS shapes cut by the top
 * (bottom) whose foot (head) is where the letters' is and as narrow as a letter; or above, marks cut by the top over
 * the letters (marksCutAbove). Else, on trial (`onTrial`), one such shape cut by the bottom (top) that reaches the
 * letters' head (foot) or past it: a lower-case line is found at its small letters' height, and a long descender or
 * an italic f goes past both margins.
 */
export function lineBeyondCrop(crop: CroppedLetters): Beyond {
  const { w, h, line } = crop;
  const letters = components(crop.clean, w, h);
  if (!letters.length) return { left: false, right: false, above: false, below: false, onTrial: false };
  const { onLine, foot, head } = standing(letters, line);
  const band = Math.max(1, Math.round(SIDE_BAND * line));
  // Shapes cut by the top or bottom, as narrow as a letter and reaching within a line of the letters' columns (an italic f
  // cut at both ends, first in its word, lies mostly further left than that: its tail runs under the letter before).
  const [from, to] = [Math.min(...letters.map((c) => c.left)) - line, Math.max(...letters.map((c) => c.left + c.width)) + line];
  const cut = crop.cut.filter((c) => c.left + c.width >= from && c.left <= to && c.width <= 1.5 * line);
  const left = onLine.some((c) => c.left < band);
  const right = onLine.some((c) => c.left + c.width > w - band);
  const above =
    cut.filter((c) => c.top === 0 && onLineAt(c.top + c.height, foot, line)).length >= CUT_LETTERS || marksCutAbove(cut, onLine, line);
  const below = cut.filter((c) => c.top + c.height === h && onLineAt(c.top, head, line)).length >= CUT_LETTERS;
  if (left || right || above || below) return { left, right, above, below, onTrial: false };
  // One letter cut that reaches across the line: by the bottom from the letters' head or higher (a descender, an italic
  // f), or by the top from their foot or lower.
  const cutAboveToFoot = cut.some((c) => c.top === 0 && c.height >= foot - ON_LINE * line);
  const cutBelowToHead = cut.some((c) => c.top + c.height === h && c.top <= head + ON_LINE * line);
  return { left, right, above: cutAboveToFoot, below: cutBelowToHead, onTrial: cutAboveToFoot || cutBelowToHead };
}

/**
 * Whether the grown crop `next` made a letter whole that `before` had cut: more shapes as tall as a letter of its line,
 * and no less ink (a crop split at another level where it grew breaks its letters into more shapes, and thinner).
 */
export function moreWholeLetters(next: CroppedLetters, before: CroppedLetters): boolean {
  const tall = (c: CroppedLetters) => components(c.clean, c.w, c.h).filter((s) => s.height >= WHOLE_LETTER * c.line).length;
  const ink = (c: CroppedLetters) => c.clean.reduce((n, v) => n + v, 0);
  return tall(next) > tall(before) && ink(next) >= ink(before);
}

/** A letter's least height, in lines (a small letter of a line found by its capitals is about 0.7). */
const WHOLE_LETTER = 0.6;

/**
 * The top edge cut marks over the letters (an accent over a capital) and nothing else over them: the bottoms of a
 * line above, cut, are as small, but many and not all over a letter. A mark is no wider than the letter it is over
 * (a tilde spans a wide capital of a bold font: a bound in lines cut those).
 */
function marksCutAbove(cut: Component[], onLine: Component[], line: number): boolean {
  const top = cut.filter((c) => c.top === 0);
  return (
    top.length > 0 &&
    top.every(
      (c) =>
        c.height < 0.4 * line &&
        overALetter(
          c,
          onLine.filter((l) => c.width <= MARK_WIDTH * l.width),
          line,
        ),
    )
  );
}

/** How much wider than its letter a mark over it may look (its edges blurred into the picture). */
const MARK_WIDTH = 1.2;

/** How many of a crop's columns hold letters standing on its line (crop pixels): how much of the line it shows. */
export function lineCover(crop: Pick<CroppedLetters, 'clean' | 'w' | 'h' | 'line'>): number {
  const letters = components(crop.clean, crop.w, crop.h);
  if (!letters.length) return 0;
  const covered = new Uint8Array(crop.w);
  for (const c of standing(letters, crop.line).onLine) covered.fill(1, c.left, c.left + c.width);
  return covered.reduce((n, v) => n + v, 0);
}

/** The letters standing on the line: their foot or head where most letters' is, 0.5-1.5 times as tall as most. */
function standing(letters: Component[], line: number): { onLine: Component[]; foot: number; head: number } {
  const foot = median(letters.map((c) => c.top + c.height));
  const head = median(letters.map((c) => c.top));
  const tall = median(letters.map((c) => c.height));
  const onLine = letters.filter(
    (c) => (onLineAt(c.top + c.height, foot, line) || onLineAt(c.top, head, line)) && c.height >= 0.5 * tall && c.height <= 1.5 * tall,
  );
  return { onLine, foot, head };
}

/** Whether a shape's foot (head) at `y` is where most letters' is (`at`), within ON_LINE lines. */
function onLineAt(y: number, at: number, line: number): boolean {
  return Math.abs(y - at) <= ON_LINE * line;
}
