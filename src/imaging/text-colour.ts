/**
 * A caption is drawn in one colour. The crop's first split by brightness finds its letters where the picture behind
 * them is darker; their colour then finds them everywhere in the crop, also over a picture as bright as they are
 * (white letters crossing a yellow or white stripe, light cyan over a pale photo) where brightness cannot tell them apart.
 */

import { otsu } from './otsu.js';
import { standOut } from './stand-out.js';
import { boxSum, fillSummedArea } from './summed-area.js';

/**
 * Passes of inkOffSurroundings that take the background's mean again without the ink the pass before found: the first
 * finds the letters' edges only (their own colour pulls the mean), the second all of them, the third the picture
 * between them as it is (after the second, the letters' insides still pulled it: a bar of "ink" joined the words).
 */
const REFINE = 2;
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

/**
 * The pixels of `rgb` (3 channels, `w` x `h`) at least `level` away, in some channel, from the picture around them:
 * the mean of that channel over the square `r` pixels each side, taken again without the pixels that stood out (so
 * a letter's own colour does not pull the background's mean towards it and light a halo around the line). For a
 * picture whose colour drifts (a gradient): farther from its median colour than the letters stand out.
 */
export function inkOffSurroundings(rgb: Uint8Array, w: number, h: number, r: number, level: number): Uint8Array {
  const size = w * h;
  const channels = [0, 1, 2].map((c) => {
    const channel = new Uint8Array(size);
    for (let i = 0; i < size; i++) channel[i] = rgb[3 * i + c];
    return channel;
  });
  let ink: Uint8Array = new Uint8Array(size);
  for (const channel of channels) for (const side of standOut(channel, w, h, r, level)) for (let i = 0; i < size; i++) ink[i] |= side[i];
  for (let pass = 0; pass < REFINE; pass++) ink = offSurroundingsOf(channels, ink, w, h, r, level);
  return ink;
}

/** The pixels at least `level` away, in some channel, from the mean of the pixels around them that `ink` leaves as background. */
function offSurroundingsOf(channels: Uint8Array[], ink: Uint8Array, w: number, h: number, r: number, level: number): Uint8Array {
  const size = w * h;
  const background = new Uint8Array(size);
  for (let i = 0; i < size; i++) background[i] = 1 - ink[i];
  const count = fillSummedArea(background, w, h, new Uint32Array((w + 1) * (h + 1)));
  const sums = channels.map((channel) => {
    const kept = new Uint8Array(size);
    for (let i = 0; i < size; i++) kept[i] = channel[i] * background[i];
    return fillSummedArea(kept, w, h, new Uint32Array((w + 1) * (h + 1)));
  });
  const out = new Uint8Array(size);
  for (let y = 0; y < h; y++) {
    const [y0, y1] = [Math.max(0, y - r), Math.min(h, y + r + 1)];
    for (let x = 0; x < w; x++) {
      const [x0, x1] = [Math.max(0, x - r), Math.min(w, x + r + 1)];
      const n = boxSum(count, w, x0, y0, x1, y1);
      const i = y * w + x;
      if (!n) {
        out[i] = ink[i];
        continue;
      }
      for (let c = 0; c < 3 && !out[i]; c++) if (Math.abs(channels[c][i] * n - boxSum(sums[c], w, x0, y0, x1, y1)) >= level * n) out[i] = 1;
    }
  }
  return out;
}
