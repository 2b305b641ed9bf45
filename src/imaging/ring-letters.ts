/**
 * Dark letters with a light outline: brightness finds the outline, and each letter's outline is a closed ring with
 * the letter inside it. When most of a crop's ink is rings that close around something, what they close around (the
 * first level inside, not a counter's inside further in) is the text. Light letters close around counters only (a, o,
 * B), a small share of their ink.
 */

import { type Component, components } from './components.js';
import { floodFill } from './flood-fill.js';
import { overALetter } from './mark-over-letter.js';
import { median } from './median.js';
import { luma } from './rgb.js';

/** Share of the ink in shapes that close around a letter for the crop to be read as outlines. */
const RINGED = 0.8;
/**
 * What light letters close around are their counters, holes about as solid as their box (an O's, a D's, a B's:
 * 0.8-0.95 of it); what an outline closes around is a letter, strokes (0.3-0.7 of their box; a bar alone is solid, but
 * a line is not made of bars). At this median share of their boxes or more, the closed shapes are holes: light letters
 * with counters ("BREAD" on a dark box, four of its five letters closed), not rings.
 */
const HOLES = 0.8;
/**
 * Least height of what a ring closes around, as a share of the text line, to be a letter: bright texture (cells,
 * bars, a fractal's filaments) closes around small gaps, and merged with light letters it can be most of the ink.
 */
const LETTER = 0.4;
/**
 * ...or, as a share of the median height of the letters that tall, when less: a line's height also holds its
 * descenders, accents and outline, and the lower-case letters without ascenders (e, i) of "Il Segreto È Qui" in a bold
 * italic were 0.39 of it (0.68 of the tall letters), dropped. Most faces' x-height is 0.6-0.75 of their capitals'; what
 * two outlined capitals close between them ("TA") was 0.5.
 */
const SMALL_LETTER = 0.6;

/** What lettersInsideOutline finds: the letters inside the rings, and the picture just beside the rings. */
export interface Outlined {
  inside: Uint8Array;
  /**
   * The median share that a part inside takes of its height with the ink above and below it: an outlined letter fills
   * its outline but for the outline's width each way (0.7 or more), a counter is a part of its letter's height.
   */
  depth: number;
  /**
   * The pixels outside the rings a twelfth of a line from them (at least 2): the picture around the text; null when
   * the depth says the parts inside are letters (COUNTERS) and it is not needed.
   */
  beside: Uint8Array | null;
}

/**
 * The letters inside the closed rings of a light outline in `ink` (a crop's bright letter strokes, texture dropped),
 * 1 = stroke, or null when most of the ink is not rings around letters; `line` is the text's height in crop pixels.
 * The marks over the letters are kept too (keepMarks).
 */
export function lettersInsideOutline(ink: Uint8Array, w: number, h: number, line: number): Outlined | null {
  const isInk = (j: number) => ink[j] === 1;
  const outside = new Uint8Array(ink.length);
  // The frame's border, row by row (the order does not change what the fill reaches).
  const edge: number[] = [];
  for (let y = 0; y < h; y++) {
    const step = y === 0 || y === h - 1 ? 1 : Math.max(1, w - 1);
    for (let i = y * w; i < (y + 1) * w; i += step) if (!ink[i]) edge.push(i);
  }
  floodFill(outside, edge, (j) => !ink[j], w, h, false);
  const rings = new Uint8Array(ink.length);
  floodFill(rings, touching(outside, isInk, w), isInk, w, h, true);
  const within = (j: number) => !ink[j] && !outside[j];
  const inside = new Uint8Array(ink.length);
  floodFill(inside, touching(rings, within, w), within, w, h, false);
  const before = new Uint8Array(inside);
  const letters = withoutBowls(inside, dropShort(inside, w, h, LETTER * line, SMALL_LETTER), w);
  const closing = new Uint8Array(ink.length);
  floodFill(closing, touching(inside, isInk, w), isInk, w, h, true);
  let [all, closed] = [0, 0];
  for (let i = 0; i < ink.length; i++) {
    all += ink[i];
    closed += closing[i];
  }
  if (!all || closed < RINGED * all || medianFill(letters) >= HOLES) return null;
  keepMarks(inside, letters, before, w, h, line);
  const depth = depthIn(ink, letters, w);
  const beside = depth < COUNTERS ? around(rings, (j) => outside[j] === 1, w, Math.max(2, Math.round(line / 12))) : null;
  return { inside, depth, beside };
}

/**
 * Outlined.depth of the `parts` inside the closing `ink`: each part's height against itself with the ink straight above
 * its top pixel and straight below its bottom one (an outline's width each way; a counter's letter strokes, the apex of
 * an A). Measured where the part is, not against a whole ring: an outline joins the letters of a word into one ring as
 * tall as its capitals, around lower-case letters half as tall.
 */
function depthIn(ink: Uint8Array, parts: Component[], w: number): number {
  const run = (from: number, step: number) => {
    let n = 0;
    for (let j = from + step; j >= 0 && j < ink.length && ink[j]; j += step) n++;
    return n;
  };
  const shares = parts.map((part) => {
    let [top, bottom] = [part.pixels[0], part.pixels[0]];
    for (const p of part.pixels) {
      if (p < top) top = p;
      if (p > bottom) bottom = p;
    }
    return part.height / (part.height + run(top, -w) + run(bottom, w));
  });
  return shares.length ? median(shares) : 1;
}

/** The pixels `ok` accepts exactly `steps` 4-neighbour steps from `from` through pixels `ok` accepts. */
function around(from: Uint8Array, ok: (j: number) => boolean, w: number, steps: number): Uint8Array {
  const reached = new Uint8Array(from);
  let layer: number[] = [];
  for (let s = 0; s < steps; s++) {
    layer = touching(reached, ok, w);
    for (const i of layer) reached[i] = 1;
  }
  const out = new Uint8Array(from.length);
  for (const i of layer) out[i] = 1;
  return out;
}

/** The median share of their boxes that the parts fill (1 with no part). */
function medianFill(parts: Component[]): number {
  const fills = parts.map((c) => c.pixels.length / (c.width * c.height)).sort((a, b) => a - b);
  return fills.length ? fills[fills.length >> 1] : 1;
}

/**
 * Clears from `mask` its 4-connected parts fewer than `least` rows tall, or, where the parts that tall are letters much
 * taller than that, fewer than `share` of their median height; returns the parts left.
 */
function dropShort(mask: Uint8Array, w: number, h: number, least: number, share: number): Component[] {
  const parts = components(mask, w, h, false);
  const tall = parts.filter((p) => p.height >= least).map((p) => p.height);
  const floor = tall.length ? Math.min(least, share * median(tall)) : least;
  const left: Component[] = [];
  for (const part of parts) {
    if (part.height >= floor) left.push(part);
    else for (const p of part.pixels) mask[p] = 0;
  }
  return left;
}

/**
 * Clears from `mask` the parts held in another part's bowl (within its height, its strokes above and below most of
 * their columns): where an outline closes a C's mouth, the picture in the C's bowl is inside the ring too, and over a
 * picture as dark as the letters no colour tells it from them ("Melhor @afé Da @idade"). No letter stands in another's
 * bowl; an "i" under a "T"'s bar has no stroke of the "T" below it. Returns the parts left.
 */
function withoutBowls(mask: Uint8Array, parts: Component[], w: number): Component[] {
  const inBowl = (p: Component) =>
    parts.some((q) => q !== p && q.top <= p.top && q.top + q.height >= p.top + p.height && strokesAboveAndBelow(q, p, w));
  const bowls = parts.filter(inBowl);
  for (const b of bowls) for (const i of b.pixels) mask[i] = 0;
  return bowls.length ? parts.filter((p) => !bowls.includes(p)) : parts;
}

/** `q` has pixels straight above `p`'s box and straight below it, each in at least half of its columns. */
function strokesAboveAndBelow(q: Component, p: Component, w: number): boolean {
  const above = new Uint8Array(p.width);
  const below = new Uint8Array(p.width);
  for (const i of q.pixels) {
    const x = i % w;
    if (x < p.left || x >= p.left + p.width) continue;
    const y = (i - x) / w;
    if (y < p.top) above[x - p.left] = 1;
    else if (y >= p.top + p.height) below[x - p.left] = 1;
  }
  const half = p.width / 2;
  return above.reduce((n, v) => n + v, 0) >= half && below.reduce((n, v) => n + v, 0) >= half;
}

/**
 * The short parts of `before` (the inside before dropShort) that stand just above a letter of `letters` (its parts:
 * `tall`) and over it (an accent, an i's dot: "CAFÉ" was read "CAFE", "fáciles" "fáclles"), put back into `letters`.
 */
function keepMarks(letters: Uint8Array, tall: Component[], before: Uint8Array, w: number, h: number, line: number): void {
  for (const part of components(before, w, h, false)) {
    if (part.height >= LETTER * line || part.width > line || part.pixels.length < (line / 12) ** 2) continue;
    if (overALetter(part, tall, line)) for (const p of part.pixels) letters[p] = 1;
  }
}

/** The pixels `ok` accepts with a 4-neighbour marked in `from`, row by row. */
function touching(from: Uint8Array, ok: (j: number) => boolean, w: number): number[] {
  const out: number[] = [];
  for (let row = 0; row < from.length; row += w) {
    for (let x = 0, i = row; x < w; x++, i++) {
      if (from[i] || !ok(i)) continue;
      if ((x > 0 && from[i - 1]) || (x < w - 1 && from[i + 1]) || (i >= w && from[i - w]) || (i + w < from.length && from[i + w]))
        out.push(i);
    }
  }
  return out;
}

/**
 * How far from the letters' colour a part inside the rings may be, as a share of the rings' own distance from it (the
 * largest channel difference), and still be a letter: a caption's letters are one colour.
 */
const OFF_COLOUR = 0.5;

/**
 * How close in brightness what the rings close around may be to the picture beside them, as a share of the rings' own
 * difference from it, and still be letters of their own colour. A lone light "A" on a dark box closes around its
 * counter: the counter is the box seen through the letter (0.01 of the difference), where outlined letters are
 * another shade than the picture around them. Brightness, not colour: the half-size chroma bleeds the letter's hue
 * into a small counter (0.13 by colour).
 */
const SEEN_THROUGH = 0.15;
/**
 * ...and when what they close around is shallow in them (Outlined.depth under this): dark letters in a light outline
 * over a dark picture are as dark as the picture beside them, but they fill their rings.
 */
const COUNTERS = 0.68;

/**
 * The letters of `outlined` (lettersInsideOutline) without the parts of another colour than theirs, or null when what
 * the rings close around is the picture seen through them (SEEN_THROUGH) and shallow in them (COUNTERS): then the
 * rings are the letters. Where an outline closes a C's mouth (its two ends' outlines meet), the picture in the C's bowl
 * is inside the ring too, and was read as a blob in the C ("@ittà" for "Città", then dropped as no word). The letters'
 * colour is the median of everything inside, most of which is letters; the rings' is that of `ink`'s pixels. `rgb` is
 * the crop in colour, 3 bytes a pixel. `outlined.inside` is cleared in place, and returned.
 */
export function ofTheLettersColour(outlined: Outlined, ink: Uint8Array, rgb: Uint8Array, w: number, h: number): Uint8Array | null {
  const { inside, beside } = outlined;
  const letters = colourOf(setPixels(inside), rgb);
  const ringColour = colourOf(setPixels(ink), rgb);
  const around = beside ? setPixels(beside) : [];
  if (around.length) {
    const picture = luma(colourOf(around, rgb));
    if (Math.abs(picture - luma(letters)) <= SEEN_THROUGH * Math.abs(luma(ringColour) - luma(letters))) return null;
  }
  const far = OFF_COLOUR * distance(ringColour, letters);
  for (const c of components(inside, w, h, false)) {
    if (distance(colourOf(c.pixels, rgb), letters) > far) for (const p of c.pixels) inside[p] = 0;
  }
  return inside;
}

/** The indices of a mask's set pixels. */
function setPixels(mask: Uint8Array): number[] {
  const at: number[] = [];
  for (let i = 0; i < mask.length; i++) if (mask[i]) at.push(i);
  return at;
}

/** The median of each channel over `pixels` (counted in a histogram: the rings alone are tens of thousands). */
function colourOf(pixels: ArrayLike<number>, rgb: Uint8Array): number[] {
  return [0, 1, 2].map((k) => {
    const counts = new Uint32Array(256);
    for (let i = 0; i < pixels.length; i++) counts[rgb[3 * pixels[i] + k]]++;
    let seen = 0;
    for (let v = 0; v < 256; v++) {
      seen += counts[v];
      if (2 * seen > pixels.length) return v;
    }
    return 0;
  });
}

function distance(a: number[], b: number[]): number {
  return Math.max(...a.map((v, k) => Math.abs(v - b[k])));
}
