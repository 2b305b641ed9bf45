import { type Component, components } from './components.js';
import { thicknessAlong } from './shadow-walk.js';
import { colourDistances, medianColour, within } from './text-colour.js';

/**
 * The farthest a shadow may lie from its letters, as a share of the line's height (ffmpeg's and most editors' drop
 * shadows: 4-10%).
 */
const REACH = 0.15;
/** Dark pixels whose pixel one offset before is not dark, as a share of them, for that offset to be a shadow's. */
const MOST_EDGE = 0.5;
/** The largest colour distance (largest channel difference) still the letters' colour: white letters over a brightened face are 30-50 away. */
const KEY = 24;
/** Share of the dark ink the letters moved by the offset must cover: the crop's dark ink is their shadow. */
const EXPLAINED = 0.7;
/**
 * A shadow lies on one side of its letters: the pixels one offset beyond its ink are the letters' colour at most this
 * share as often as those before it (dark text on a light ground, or with a light outline, has that ground on both
 * sides: 0.94-0.99 on the caption families; drop shadows 0.26-0.61).
 */
const ONE_SIDED = 0.75;
/** Dark pixels the offsets are tried on, at most (a sample of them, evenly spread). */
const SAMPLED = 2000;
/** The tallest a shadow's stroke may be, in lines. */
const TALLEST = 1.5;
/** Share of the crop the letters may cover at most (beyond it the "letters" are the light box or picture around dark text). */
const MOST_LETTERS = 0.5;
/**
 * Share of the letters' pixels that must lie in shapes of a letter's height inside the crop: white letters over a pale
 * picture (a washed-out face) matched the picture around them by the wrong offset, one shape from the crop's top to
 * its bottom with the letters as holes in it (4% of its pixels in letter-high shapes; the tests' letters over a face 60-93%).
 */
const LETTER_SHAPED = 0.25;

/**
 * Share of the letters' pixels whose shadow is seen (castOnShadow) for them to be taken as letters even where the
 * crop's dark ink is more than their shadow (EXPLAINED): the bowls of an O over a washed-out chin are darker than
 * the white letters, and a dark shadow joined to a dark suit is no stroke. Letters over their shadow 0.82-0.85;
 * letters whose offset was found wrong 0.33.
 */
const CAST = 0.7;

/**
 * Light letters with a drop shadow over a picture as light as they are. Split by brightness, only their shadow is
 * dark, and it reads as garbled dark text. A shadow is the letters moved by one offset, so the pixels one offset
 * before its dark ink are letters, all of one colour, and the pixels one offset beyond it are the picture. Offsets
 * (up to REACH lines each way) whose pixels before the ink are nearest one colour are tried, the best of each of eight
 * directions, nearest first, and the first whose letters pass is taken (shadowOffsets); the letters are that
 * colour's pixels, when moved by the offset they cover most of the dark ink (or most of them cast their shadow on it,
 * CAST), on that side only; of them, those that cast their shadow (castOnShadow). Null when the dark ink is not such a
 * shadow, or those pixels are not letter-shaped (LETTER_SHAPED): the shadow is then read as it is.
 * `rgb`: 3 bytes a pixel, `dark`: the crop's dark ink (0/1), `line`: its line height.
 */
export function lettersOverShadow(rgb: Uint8Array, darkInk: Uint8Array, w: number, h: number, line: number): Uint8Array | null {
  // The shadow's strokes: dark shapes no taller than the line and inside the crop (a dark part of the picture beside
  // the line is neither).
  const ink: number[] = [];
  const dark = new Uint8Array(darkInk.length);
  for (const c of components(darkInk, w, h)) {
    if (!strokeInside(c, h, line)) continue;
    for (const i of c.pixels) {
      dark[i] = 1;
      ink.push(i);
    }
  }
  if (!ink.length) return null;
  // Offsets whose pixels before the ink have one median colour key the same letters (all of them, beside dark text on a
  // light box): keyed once.
  const keyed = new Map<string, Uint8Array>();
  const lettersOf = (colour: number[]) => {
    const key = colour.join();
    let letters = keyed.get(key);
    if (!letters) {
      letters = within(colourDistances(rgb, dark.length, colour), KEY);
      keyed.set(key, letters);
    }
    return letters;
  };
  // The offset whose pixels before the ink spread least can point the wrong way, where the picture beyond the shadow
  // is as even as the letters (white serif letters over a brightened face).
  for (const offset of shadowOffsets(rgb, dark, ink, w, h, shadowReach(line))) {
    const letters = lettersCasting(rgb, darkInk, dark, ink, w, h, line, offset, lettersOf);
    if (letters) return letters;
  }
  return null;
}

/** The letters that cast `ink` (the crop's dark strokes, `dark` their mask) as their shadow at `offset`, or null. */
function lettersCasting(
  rgb: Uint8Array,
  darkInk: Uint8Array,
  dark: Uint8Array,
  ink: number[],
  w: number,
  h: number,
  line: number,
  offset: { dx: number; dy: number },
  lettersOf: (colour: number[]) => Uint8Array,
): Uint8Array | null {
  const colour = medianColour(rgb, before(dark, ink, w, h, offset));
  if (!colour) return null;
  const letters = lettersOf(colour);
  let covered = 0;
  let explained = 0;
  for (let i = 0; i < letters.length; i++) covered += letters[i];
  let beyond = 0;
  for (const q of ink) {
    const x = (q % w) - offset.dx;
    const y = ((q / w) | 0) - offset.dy;
    if (x >= 0 && x < w && y >= 0 && y < h && letters[y * w + x]) explained++;
    const [x2, y2] = [(q % w) + offset.dx, ((q / w) | 0) + offset.dy];
    if (x2 >= 0 && x2 < w && y2 >= 0 && y2 < h && letters[y2 * w + x2]) beyond++;
  }
  if (covered >= MOST_LETTERS * letters.length || beyond >= ONE_SIDED * explained) return null;
  const cast = castOnShadow(letters, darkInk, w, h, offset);
  const shadowOfThem = explained >= EXPLAINED * ink.length || cast.seen >= CAST * covered;
  return shadowOfThem && letterShaped(letters, w, h, line) >= LETTER_SHAPED * covered ? cast.letters : null;
}

/** The pixels of `mask` in shapes of a stroke's height inside the crop (strokeInside). */
function letterShaped(mask: Uint8Array, w: number, h: number, line: number): number {
  let shaped = 0;
  for (const c of components(mask, w, h)) if (strokeInside(c, h, line)) shaped += c.pixels.length;
  return shaped;
}

/** A shape no taller than a stroke of the line (TALLEST lines) that neither the crop's top nor its bottom cuts. */
function strokeInside(c: Component, h: number, line: number): boolean {
  return c.height <= TALLEST * line && c.top > 0 && c.top + c.height < h;
}

/** The farthest a shadow may lie from letters `line` pixels high, in pixels each way (REACH, 2 at least). */
export function shadowReach(line: number): number {
  return Math.max(2, Math.round(REACH * line));
}

/**
 * The offsets from letters to their shadow worth trying: of the offsets whose pixels before the dark ink are mostly
 * not dark (MOST_EDGE), in each of the eight directions the one where those pixels' colours spread least, the least
 * spread first.
 */
function shadowOffsets(
  rgb: Uint8Array,
  dark: Uint8Array,
  ink: number[],
  w: number,
  h: number,
  reach: number,
): Array<{ dx: number; dy: number }> {
  const best: Array<{ dx: number; dy: number; spread: number }> = [];
  // A sample of the ink is enough to tell the offsets apart (each is tried on every pixel sampled).
  const step = Math.max(1, Math.floor(ink.length / SAMPLED));
  const sampled = step === 1 ? ink : ink.filter((_, k) => k % step === 0);
  for (let dy = -reach; dy <= reach; dy++)
    for (let dx = -reach; dx <= reach; dx++) {
      if (!dx && !dy) continue;
      let n = 0;
      const sum = [0, 0, 0];
      const squares = [0, 0, 0];
      for (const q of sampled) {
        const x = (q % w) - dx;
        const y = ((q / w) | 0) - dy;
        if (x < 0 || x >= w || y < 0 || y >= h) continue;
        const p = y * w + x;
        if (dark[p]) continue;
        n++;
        for (let c = 0; c < 3; c++) {
          const v = rgb[3 * p + c];
          sum[c] += v;
          squares[c] += v * v;
        }
      }
      if (n < MOST_EDGE * sampled.length) continue;
      const spread = sum.reduce((s, v, c) => s + squares[c] / n - (v / n) ** 2, 0);
      const direction = (Math.round(Math.atan2(dy, dx) / (Math.PI / 4)) + 8) % 8;
      if (!best[direction] || spread < best[direction].spread) best[direction] = { dx, dy, spread };
    }
  return best.filter(Boolean).sort((a, b) => a.spread - b.spread);
}

/** The pixels one `offset` before the dark ink that are not dark themselves: where the letters are, if it is their shadow. */
function before(dark: Uint8Array, ink: number[], w: number, h: number, offset: { dx: number; dy: number }): Uint8Array {
  const marked = new Uint8Array(dark.length);
  for (const q of ink) {
    const x = (q % w) - offset.dx;
    const y = ((q / w) | 0) - offset.dy;
    if (x >= 0 && x < w && y >= 0 && y < h && !dark[y * w + x]) marked[y * w + x] = 1;
  }
  return marked;
}

/**
 * The letters' pixels whose shadow is seen: the first of the pixels one, two... offsets on from one that is not the
 * letters' colour is dark, no farther on than the letters are thick along the offset. The shadow is the letters moved by
 * the offset, hidden only under the letters, so every pixel of a letter casts it there, while a part of the picture as
 * light as the letters and joined to them (a pale collar across an E) casts none; cut off, the letter stands alone.
 */
function castOnShadow(
  letters: Uint8Array,
  dark: Uint8Array,
  w: number,
  h: number,
  offset: { dx: number; dy: number },
): { letters: Uint8Array; seen: number } {
  const cast = new Uint8Array(letters.length);
  const steps = Math.ceil(thicknessAlong(letters, w, h, offset.dx, offset.dy) / Math.max(Math.abs(offset.dx), Math.abs(offset.dy)));
  let seen = 0;
  for (let i = 0; i < letters.length; i++) {
    if (!letters[i]) continue;
    let [x, y] = [i % w, (i / w) | 0];
    for (let k = 0; k < steps; k++) {
      x += offset.dx;
      y += offset.dy;
      if (x < 0 || x >= w || y < 0 || y >= h) break;
      const q = y * w + x;
      if (letters[q]) continue;
      if (dark[q]) {
        cast[i] = 1;
        seen++;
      }
      break;
    }
  }
  return { letters: cast, seen };
}
