import { components } from './components.js';
import { openMask } from './open-mask.js';

/** How far past what the opening kept of a letter its thin strokes reach, in lines: an F's bars across, a serif's feet down. */
const REACH = { x: 0.6, y: 0.2 };
/** The least height, in lines, of what the opening kept of a letter for its thin strokes to come back: a stem's. */
const STEM = 0.5;
/** How far apart, in lines, the feet (heads) of one letter's stems may be. */
const LEVEL = 0.25;

/**
 * Light letters' ink opened by a pixel, which takes the picture's specks and hairlines off, with each letter's strokes
 * thinner than that kept (an opening by reconstruction): a serif font's bars and feet and a thin font's strokes are
 * 2 px high at a caption's zoom. A shape of `mask` is kept whole where what the opening kept of it is stems at least
 * STEM tall with level feet or heads (one letter's: an H's, an h's; specks beside them, a serif's tips, aside) and the
 * shape reaches no further than REACH past their box; else only what the opening kept: the picture's fringes (a
 * fractal's, a texture of thin lines touching a letter) reach further, hold no stem, or join a letter to a blob of the
 * picture by a thin bridge. `line` is the text's line height in the mask's pixels.
 */
export function openedLetters(mask: Uint8Array, w: number, h: number, line: number): Uint8Array {
  const opened = openMask(mask, w, h, 1);
  const kept = opened.slice();
  const stems = components(opened, w, h);
  const stemOf = new Int32Array(w * h);
  for (const [k, c] of stems.entries()) if (c.height >= STEM * line) for (const i of c.pixels) stemOf[i] = k + 1;
  const [rx, ry] = [REACH.x * line, REACH.y * line];
  for (const shape of components(mask, w, h)) {
    // Most shapes are the picture's specks, too short to hold a stem.
    if (shape.height < STEM * line) continue;
    const parts = new Set<number>();
    for (const i of shape.pixels) if (stemOf[i]) parts.add(stemOf[i]);
    const own = [...parts].map((k) => stems[k - 1]);
    if (!own.length || !alike(own, line)) continue;
    const left = Math.min(...own.map((c) => c.left));
    const right = Math.max(...own.map((c) => c.left + c.width));
    const top = Math.min(...own.map((c) => c.top));
    const bottom = Math.max(...own.map((c) => c.top + c.height));
    const near =
      shape.left >= left - rx && shape.left + shape.width <= right + rx && shape.top >= top - ry && shape.top + shape.height <= bottom + ry;
    if (near) for (const i of shape.pixels) kept[i] = 1;
  }
  return kept;
}

/** Stems of one letter stand on one line or hang from one (an h's, an n's): their feet or their heads level. */
function alike(stems: Array<{ top: number; height: number }>, line: number): boolean {
  const level = (ys: number[]) => Math.max(...ys) - Math.min(...ys) <= LEVEL * line;
  return level(stems.map((c) => c.top + c.height)) || level(stems.map((c) => c.top));
}
