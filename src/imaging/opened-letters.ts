import { type Component, components, ShapeFills } from './components.js';
import { openMask } from './open-mask.js';

/** How far past what the opening kept of a letter its thin strokes reach, in lines: an F's bars across, a serif's feet down. */
const REACH = { x: 0.6, y: 0.2 };
/** The least height, in lines, of what the opening kept of a letter for its thin strokes to come back: a stem's. */
const STEM = 0.5;
/** How far apart, in lines, the feet (heads) of one letter's stems may be. */
const LEVEL = 0.25;

/** Ink and its shapes (components'), found together. */
export interface OpenedInk {
  ink: Uint8Array;
  shapes: Component[];
}

/**
 * Light letters' ink opened by a pixel, which takes the picture's specks and hairlines off, with each letter's strokes
 * thinner than that kept (an opening by reconstruction): a serif font's bars and feet and a thin font's strokes are
 * 2 px high at a caption's zoom. A shape of `mask` is kept whole where what the opening kept of it is stems at least
 * STEM tall with level feet or heads (one letter's: an H's, an h's; specks beside them, a serif's tips, aside) and the
 * shape reaches no further than REACH past their box; else only what the opening kept: the picture's fringes (a
 * fractal's, a texture of thin lines touching a letter) reach further, hold no stem, or join a letter to a blob of the
 * picture by a thin bridge. `line` is the text's line height in the mask's pixels. The shapes come with the ink: the
 * mask's are found only where they hold a stem, and the caller's letters need the ink's.
 */
export function openedLetters(mask: Uint8Array, w: number, h: number, line: number): OpenedInk {
  const opened = openMask(mask, w, h, 1);
  const parts = components(opened, w, h);
  const stems = parts.filter((c) => c.height >= STEM * line);
  const [rx, ry] = [REACH.x * line, REACH.y * line];
  // Only a shape that holds a stem can be kept whole: the mask is filled from the stems, not from the picture's specks.
  const fills = new ShapeFills(mask, w, h);
  const taken = new Uint8Array(stems.length);
  const whole: Component[] = [];
  for (let k = 0; k < stems.length; k++) {
    if (taken[k]) continue;
    const shape = fills.fill(stems[k].pixels[0]);
    // Its stems: this one and the later ones its fill reached (an earlier one would have filled it).
    const own = [stems[k]];
    for (let j = k + 1; j < stems.length; j++) {
      if (!taken[j] && fills.seen[stems[j].pixels[0]]) {
        taken[j] = 1;
        own.push(stems[j]);
      }
    }
    if (!alike(own, line)) continue;
    const left = Math.min(...own.map((c) => c.left));
    const right = Math.max(...own.map((c) => c.left + c.width));
    const top = Math.min(...own.map((c) => c.top));
    const bottom = Math.max(...own.map((c) => c.top + c.height));
    const near =
      shape.left >= left - rx && shape.left + shape.width <= right + rx && shape.top >= top - ry && shape.top + shape.height <= bottom + ry;
    if (near) whole.push(shape);
  }
  if (!whole.length) return { ink: opened, shapes: parts };
  const ink = opened.slice();
  const inWhole = new Uint8Array(w * h);
  // The ink's shapes: the whole ones and the opened parts outside them, in the order a scan finds them (components'),
  // by their first pixel.
  const first = new Map<Component, number>();
  for (const shape of whole) {
    let least = shape.pixels[0];
    for (const i of shape.pixels) {
      ink[i] = inWhole[i] = 1;
      if (i < least) least = i;
    }
    first.set(shape, least);
  }
  const shapes = [...parts.filter((c) => !inWhole[c.pixels[0]]), ...whole];
  shapes.sort((a, b) => (first.get(a) ?? a.pixels[0]) - (first.get(b) ?? b.pixels[0]));
  return { ink, shapes };
}

/** Stems of one letter stand on one line or hang from one (an h's, an n's): their feet or their heads level. */
function alike(stems: Array<{ top: number; height: number }>, line: number): boolean {
  const level = (ys: number[]) => Math.max(...ys) - Math.min(...ys) <= LEVEL * line;
  return level(stems.map((c) => c.top + c.height)) || level(stems.map((c) => c.top));
}
