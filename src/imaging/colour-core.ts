import { type Component, components } from './components.js';
import { overALetter } from './mark-over-letter.js';
import { median } from './median.js';
import { colourDistance, medianColour } from './text-colour.js';

/** A shape under this share of the letters' median height is a mark or a speck, not a letter. */
const SPECK_HEIGHT = 0.5;

/**
 * Letters keyed by their colour at `split` (`letters`, a 0/1 mask of `w` x `h` over `rgb`, 3 channels), without the
 * small shapes that hold no pixel nearer than half the split to the letters' median colour (the largest channel
 * difference), unless they are marks over a letter: keyed with the letters come specks of a picture of about their
 * colour, skin between yellow words that read as marks joining them ("TRES‘BONNEʻIDÉE' &Æ"), and a letter's dot or
 * speck has a core of its own colour where a speck of the picture rarely has one. Letters are not judged so: a thin
 * stroke in a saturated colour loses its colour to the frame's halved chroma ("fresh" lost its f), and so does an
 * accent over a capital. The median, not the key's colour: a line found by its hue is keyed by a colour of that hue.
 * Cleared in place: the crop keeps what it learnt of the mask by its identity (the shapes its edges cut).
 */
export function withColourCore(letters: Uint8Array, rgb: Uint8Array, split: number, w: number, h: number, line: number): Uint8Array {
  const colour = medianColour(rgb, letters);
  if (!colour) return letters;
  const shapes = components(letters, w, h);
  const height = median(shapes.map((c) => c.height));
  const cored = shapes.map((c) => c.height >= SPECK_HEIGHT * height || holdsColour(c, rgb, colour, split / 2));
  const kept = shapes.filter((_, k) => cored[k]);
  shapes.forEach((c, k) => {
    if (cored[k] || overALetter(c, kept, line)) return;
    for (const i of c.pixels) letters[i] = 0;
  });
  return letters;
}

/** Whether a pixel of `shape` lies nearer than `limit` to `colour` (colourDistance). */
function holdsColour(shape: Component, rgb: Uint8Array, colour: readonly number[], limit: number): boolean {
  return shape.pixels.some((i) => colourDistance(rgb, i, colour) < limit);
}
