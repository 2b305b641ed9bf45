/**
 * A caption is drawn in one colour. The crop's first split by brightness finds its letters where the picture behind
 * them is darker; their colour then finds them everywhere in the crop, also over a picture as bright as they are
 * (white letters crossing a yellow or white stripe, light cyan over a pale photo) where brightness cannot tell them apart.
 */

import { histogramMedian } from './histogram-quantile.js';
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
  const key = letterColourKey(rgb, letters);
  return key && within(key.distance, key.split);
}

/** colourKey for the median colour of the pixels `letters` marks; null when too few letters. */
export function letterColourKey(rgb: Uint8Array, letters: Uint8Array): { distance: Uint8Array; split: number } | null {
  const colour = medianColour(rgb, letters);
  return colour && colourKey(rgb, colour);
}

/**
 * Each pixel's distance from `colour` (the largest channel difference), and the crop's own split of those distances
 * (Otsu's, held within NEAREST and FARTHEST): what inkOfLetterColour keys the letters by.
 */
export function colourKey(rgb: Uint8Array, colour: readonly number[]): { distance: Uint8Array; split: number } {
  const distance = colourDistances(rgb, rgb.length / 3, colour);
  return { distance, split: Math.max(NEAREST, Math.min(FARTHEST, otsu(distance))) };
}

/** Each of the first `size` pixels' distance from `colour` (colourDistance). */
export function colourDistances(rgb: Uint8Array, size: number, colour: readonly number[]): Uint8Array {
  const distance = new Uint8Array(size);
  for (let i = 0; i < size; i++) distance[i] = colourDistance(rgb, i, colour);
  return distance;
}

/** Pixel `i`'s distance from `colour` in `rgb` (3 channels): the largest of its channels' differences. */
export function colourDistance(rgb: Uint8Array, i: number, colour: readonly number[]): number {
  const j = 3 * i;
  return Math.max(Math.abs(rgb[j] - colour[0]), Math.abs(rgb[j + 1] - colour[1]), Math.abs(rgb[j + 2] - colour[2]));
}

/** The pixels nearer than `split` (a 0/1 mask). */
export function within(distance: Uint8Array, split: number): Uint8Array {
  const ink = new Uint8Array(distance.length);
  for (let i = 0; i < ink.length; i++) ink[i] = distance[i] < split ? 1 : 0;
  return ink;
}

/** Each channel's median over the marked pixels; null when fewer than MIN_SAMPLE are marked. */
export function medianColour(rgb: Uint8Array, marked: Uint8Array): number[] | null {
  const hist = [new Uint32Array(256), new Uint32Array(256), new Uint32Array(256)];
  let n = 0;
  for (let i = 0; i < marked.length; i++) {
    if (!marked[i]) continue;
    n++;
    for (let c = 0; c < 3; c++) hist[c][rgb[3 * i + c]]++;
  }
  if (n < MIN_SAMPLE) return null;
  return hist.map((h) => histogramMedian(h, n));
}

/** The pixels of `rgb` (3 channels) at least `level` away (largest channel difference) from the crop's median colour. */
export function inkOffBackground(rgb: Uint8Array, size: number, level: number): Uint8Array {
  const distance = colourDistances(rgb, size, medianColour(rgb, new Uint8Array(size).fill(1)) ?? [255, 255, 255]);
  const ink = new Uint8Array(size);
  for (let i = 0; i < size; i++) ink[i] = distance[i] >= level ? 1 : 0;
  return ink;
}

/**
 * The pixels of `rgb` (3 channels, `w` x `h`) at least `level` away, in some channel, from the picture around them:
 * the mean of that channel over the square `r` pixels each side, taken again without the pixels that stood out (so
 * a letter's own colour does not pull the background's mean towards it and light a halo around the line). For a
 * picture whose colour drifts (a gradient): farther from its median colour than the letters stand out. The means are
 * worked out on a copy shrunk in blocks (the picture around a pixel changes slowly; a full-size frame took 100 ms).
 */
export function inkOffSurroundings(rgb: Uint8Array, w: number, h: number, r: number, level: number): Uint8Array {
  const f = Math.max(1, Math.floor(r / CELLS_EACH_SIDE));
  const [sw, sh] = [Math.ceil(w / f), Math.ceil(h / f)];
  const small = blockMeans(rgb, w, h, f, sw, sh);
  const sr = Math.max(1, Math.round(r / f));
  let ink: Uint8Array = new Uint8Array(sw * sh);
  for (const channel of small)
    for (const side of standOut(channel, sw, sh, sr, level)) for (let i = 0; i < ink.length; i++) ink[i] |= side[i];
  let means = backgroundMeans(small, ink, sw, sh, sr);
  for (let pass = 1; pass < REFINE; pass++) {
    ink = offMeans(small, means, ink, level);
    means = backgroundMeans(small, ink, sw, sh, sr);
  }
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const row = ((y / f) | 0) * sw;
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      out[i] = offMean(means, row + ((x / f) | 0), rgb[3 * i], rgb[3 * i + 1], rgb[3 * i + 2], level, ink);
    }
  }
  return out;
}

/** Cells a shrunk copy has each side of a pixel's square of surroundings. */
const CELLS_EACH_SIDE = 8;

/** Each channel of `rgb` averaged over blocks of `f` x `f` pixels: `sw` x `sh` cells. */
function blockMeans(rgb: Uint8Array, w: number, h: number, f: number, sw: number, sh: number): Uint8Array[] {
  const sums = [0, 1, 2].map(() => new Uint32Array(sw * sh));
  const counts = new Uint32Array(sw * sh);
  for (let y = 0; y < h; y++) {
    const row = ((y / f) | 0) * sw;
    for (let x = 0; x < w; x++) {
      const cell = row + ((x / f) | 0);
      const i = 3 * (y * w + x);
      sums[0][cell] += rgb[i];
      sums[1][cell] += rgb[i + 1];
      sums[2][cell] += rgb[i + 2];
      counts[cell]++;
    }
  }
  return sums.map((sum) => Uint8Array.from(sum, (v, cell) => Math.round(v / counts[cell])));
}

/** Each channel's mean over the square `r` cells each side of a cell, of the cells `ink` leaves as background (NaN where none). */
function backgroundMeans(channels: Uint8Array[], ink: Uint8Array, w: number, h: number, r: number): Float32Array[] {
  const size = w * h;
  const background = new Uint8Array(size);
  for (let i = 0; i < size; i++) background[i] = 1 - ink[i];
  const count = fillSummedArea(background, w, h, new Uint32Array((w + 1) * (h + 1)));
  const sums = channels.map((channel) => {
    const kept = new Uint8Array(size);
    for (let i = 0; i < size; i++) kept[i] = channel[i] * background[i];
    return fillSummedArea(kept, w, h, new Uint32Array((w + 1) * (h + 1)));
  });
  const means = channels.map(() => new Float32Array(size));
  for (let y = 0; y < h; y++) {
    const y0 = Math.max(0, y - r);
    const y1 = Math.min(h, y + r + 1);
    for (let x = 0; x < w; x++) {
      const x0 = Math.max(0, x - r);
      const x1 = Math.min(w, x + r + 1);
      const n = boxSum(count, w, x0, y0, x1, y1);
      for (let c = 0; c < sums.length; c++) means[c][y * w + x] = n ? boxSum(sums[c], w, x0, y0, x1, y1) / n : Number.NaN;
    }
  }
  return means;
}

/** The cells at least `level` away from their background's mean in some channel (`ink` kept where no mean is known). */
function offMeans(channels: Uint8Array[], means: Float32Array[], ink: Uint8Array, level: number): Uint8Array {
  const out = new Uint8Array(ink.length);
  for (let i = 0; i < ink.length; i++) out[i] = offMean(means, i, channels[0][i], channels[1][i], channels[2][i], level, ink);
  return out;
}

/**
 * 1 when the colour (r, g, b) is at least `level` away from cell `cell`'s background mean in some channel, else 0; the
 * cell's `ink` where no mean is known (no background around it).
 */
function offMean(means: Float32Array[], cell: number, r: number, g: number, b: number, level: number, ink: Uint8Array): number {
  if (Number.isNaN(means[0][cell])) return ink[cell];
  return Math.abs(r - means[0][cell]) >= level || Math.abs(g - means[1][cell]) >= level || Math.abs(b - means[2][cell]) >= level ? 1 : 0;
}
