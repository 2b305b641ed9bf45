import type { Box } from './box.js';
import { histogramMedian } from './histogram-quantile.js';
import { standOut } from './stand-out.js';

/**
 * Strokes that stand out of their surroundings by hue, not by brightness: red letters (about as bright as the colour
 * bars, the photo or the dark box around them) or yellow letters over a purple bar beside a white one stand out in
 * neither the light nor the dark contrast mask, but in an opponent colour channel they do. Two channels, red against
 * green and yellow against blue, each in both directions: four masks, so that letters of one colour are one mask's
 * components and are not merged with strokes of another colour beside them.
 */

/** How far (channel units, 0-255 scale) a pixel's opponent value stands out of the mean of its surroundings. */
export const CHROMA = 80;

/** The four opponent masks of an RGB frame (`rgb`, 3 bytes a pixel, `w` x `h`), the surroundings `r` pixels each side. */
export function colourContrastMasks(rgb: Uint8Array, w: number, h: number, r: number): Uint8Array[] {
  const n = w * h;
  // Offset by 255 so both channels are unsigned (0-510).
  const redGreen = new Uint16Array(n);
  const yellowBlue = new Uint16Array(n);
  // No destructuring a pixel: this loop runs over every pixel of every frame the contrast path reads.
  for (let i = 0, j = 0; i < n; i++, j += 3) {
    const R = rgb[j];
    const G = rgb[j + 1];
    redGreen[i] = 255 + R - G;
    yellowBlue[i] = 255 + ((R + G) >> 1) - rgb[j + 2];
  }
  return [...standOut(redGreen, w, h, r, CHROMA), ...standOut(yellowBlue, w, h, r, CHROMA)];
}

/** The opponent value of mask `k` of colourContrastMasks (the larger, the more the pixel stands out that way). */
export function opponent(rgb: Uint8Array, i: number, k: number): number {
  const [R, G, B] = [rgb[3 * i], rgb[3 * i + 1], rgb[3 * i + 2]];
  const v = k < 2 ? R - G : ((R + G) >> 1) - B;
  return k % 2 ? -v : v;
}

/**
 * The letters' colour of a line found in mask `k` (its letters' pixels `marked`, inside `box`): the median colour of
 * the half that stands out most, as the edges of small letters blend with their outline or the picture.
 */
export function hueOfLine(rgb: Uint8Array, marked: Uint8Array, w: number, box: Box, k: number): number[] {
  const pixels: number[] = [];
  for (let y = box.top; y < box.top + box.height; y++)
    for (let x = box.left; x < box.left + box.width; x++) if (marked[y * w + x]) pixels.push(y * w + x);
  return hueOfPixels(rgb, pixels, k);
}

/** hueOfLine of letters given as their pixels (indices into the frame). */
export function hueOfPixels(rgb: Uint8Array, pixels: number[], k: number): number[] {
  if (!pixels.length) return [0, 0, 0];
  const values = pixels.map((i) => opponent(rgb, i, k));
  const half = [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const core = pixels.filter((_, j) => values[j] >= half);
  return [0, 1, 2].map((c) => {
    const v = core.map((i) => rgb[3 * i + c]).sort((a, b) => a - b);
    return v[Math.floor(v.length / 2)];
  });
}

/** A line's colour this near the picture around it (the largest channel difference) is the picture's own. */
const AROUND = CHROMA / 2;

/**
 * Whether `hue`, the colour found for a line in `box`, is the colour of the picture around the line (the median of a
 * ring two lines wide): then the mask holds the picture between and inside the letters (blue counters of red letters
 * on blue stand out as less red than the letters around them), not the letters.
 */
export function colourOfItsSurroundings(
  rgb: Uint8Array,
  w: number,
  h: number,
  box: Box & { line: number },
  hue: readonly number[],
): boolean {
  const m = Math.max(2, 2 * box.line);
  const [x0, y0] = [Math.max(0, box.left - m), Math.max(0, box.top - m)];
  const [x1, y1] = [Math.min(w, box.left + box.width + m), Math.min(h, box.top + box.height + m)];
  // Each channel's median by its histogram: the ring can hold tens of thousands of pixels.
  const counts = [new Uint32Array(256), new Uint32Array(256), new Uint32Array(256)];
  let n = 0;
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++) {
      if (x >= box.left && x < box.left + box.width && y >= box.top && y < box.top + box.height) continue;
      for (let c = 0; c < 3; c++) counts[c][rgb[3 * (y * w + x) + c]]++;
      n++;
    }
  if (!n) return false;
  const around = counts.map((hist) => histogramMedian(hist, n));
  return Math.max(...around.map((v, c) => Math.abs(v - hue[c]))) < AROUND;
}
