/**
 * A caption is drawn in one colour. The crop's first split by brightness finds its letters where the picture behind
 * them is darker; their colour then finds them everywhere in the crop, also over a picture as bright as they are
 * (white letters crossing a yellow or white stripe, light cyan over a pale photo) where brightness cannot tell them apart.
 */

import { otsu } from './otsu.js';

/** Letter pixels needed to trust their colour (crop pixels). */
const MIN_SAMPLE = 200;
/** Bounds of the largest colour distance (the largest channel difference) still counted as the letters' colour. */
const NEAREST = 24;
const FARTHEST = 96;

/** The pixels of `rgb` (3 channels) of about the colour of the pixels `letters` marks, as a 0/1 mask; null when too few letters. */
export function inkOfLetterColour(rgb: Uint8Array, letters: Uint8Array): Uint8Array | null {
  const colour = medianColour(rgb, letters);
  return colour && inkOfColour(rgb, colour);
}

/** The pixels of `rgb` (3 channels) of about `colour`, as a 0/1 mask. */
export function inkOfColour(rgb: Uint8Array, colour: readonly number[]): Uint8Array {
  const size = rgb.length / 3;
  const distance = new Uint8Array(size);
  for (let i = 0; i < size; i++) {
    const j = 3 * i;
    distance[i] = Math.max(Math.abs(rgb[j] - colour[0]), Math.abs(rgb[j + 1] - colour[1]), Math.abs(rgb[j + 2] - colour[2]));
  }
  const t = Math.max(NEAREST, Math.min(FARTHEST, otsu(distance)));
  const ink = new Uint8Array(size);
  for (let i = 0; i < ink.length; i++) ink[i] = distance[i] < t ? 1 : 0;
  return ink;
}

/** Each channel's median over the marked pixels. */
function medianColour(rgb: Uint8Array, marked: Uint8Array): number[] | null {
  const hist = [new Uint32Array(256), new Uint32Array(256), new Uint32Array(256)];
  let n = 0;
  for (let i = 0; i < marked.length; i++) {
    if (!marked[i]) continue;
    n++;
    for (let c = 0; c < 3; c++) hist[c][rgb[3 * i + c]]++;
  }
  if (n < MIN_SAMPLE) return null;
  return hist.map((h) => {
    let seen = 0;
    for (let v = 0; v < 256; v++) if ((seen += h[v]) >= n / 2) return v;
    return 255;
  });
}

/** The pixels of `rgb` (3 channels) at least `level` away (largest channel difference) from the crop's median colour. */
export function inkOffBackground(rgb: Uint8Array, size: number, level: number): Uint8Array {
  const colour = medianColour(rgb, new Uint8Array(size).fill(1)) ?? [255, 255, 255];
  const ink = new Uint8Array(size);
  for (let i = 0; i < size; i++) {
    const j = 3 * i;
    const d = Math.max(Math.abs(rgb[j] - colour[0]), Math.abs(rgb[j + 1] - colour[1]), Math.abs(rgb[j + 2] - colour[2]));
    ink[i] = d >= level ? 1 : 0;
  }
  return ink;
}
