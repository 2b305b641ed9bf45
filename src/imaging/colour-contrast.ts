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
  for (let i = 0; i < n; i++) {
    const [R, G, B] = [rgb[3 * i], rgb[3 * i + 1], rgb[3 * i + 2]];
    redGreen[i] = 255 + R - G;
    yellowBlue[i] = 255 + ((R + G) >> 1) - B;
  }
  return [...standOut(redGreen, w, h, r), ...standOut(yellowBlue, w, h, r)];
}

/** Pixels at least CHROMA above, and below, the mean of the square around them (a summed-area table, one pass). */
function standOut(src: Uint16Array, w: number, h: number, r: number): [Uint8Array, Uint8Array] {
  // A frame's sum of 9-bit values fits 32 bits for frames up to 8 Mpx.
  const sums = new Uint32Array((w + 1) * (h + 1));
  for (let y = 0; y < h; y++) {
    let row = 0;
    for (let x = 0; x < w; x++) {
      row += src[y * w + x];
      sums[(y + 1) * (w + 1) + x + 1] = sums[y * (w + 1) + x + 1] + row;
    }
  }
  const above = new Uint8Array(src.length);
  const below = new Uint8Array(src.length);
  for (let y = 0; y < h; y++) {
    const [y0, y1] = [Math.max(0, y - r), Math.min(h, y + r + 1)];
    for (let x = 0; x < w; x++) {
      const [x0, x1] = [Math.max(0, x - r), Math.min(w, x + r + 1)];
      const total = sums[y1 * (w + 1) + x1] - sums[y0 * (w + 1) + x1] - sums[y1 * (w + 1) + x0] + sums[y0 * (w + 1) + x0];
      const count = (y1 - y0) * (x1 - x0);
      const v = src[y * w + x] * count - total;
      if (v >= CHROMA * count) above[y * w + x] = 1;
      else if (v <= -CHROMA * count) below[y * w + x] = 1;
    }
  }
  return [above, below];
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
export function hueOfLine(
  rgb: Uint8Array,
  marked: Uint8Array,
  w: number,
  box: { left: number; top: number; width: number; height: number },
  k: number,
): number[] {
  const pixels: number[] = [];
  for (let y = box.top; y < box.top + box.height; y++)
    for (let x = box.left; x < box.left + box.width; x++) if (marked[y * w + x]) pixels.push(y * w + x);
  if (!pixels.length) return [0, 0, 0];
  const values = pixels.map((i) => opponent(rgb, i, k)).sort((a, b) => a - b);
  const half = values[Math.floor(values.length / 2)];
  const core = pixels.filter((i) => opponent(rgb, i, k) >= half);
  return [0, 1, 2].map((c) => {
    const v = core.map((i) => rgb[3 * i + c]).sort((a, b) => a - b);
    return v[Math.floor(v.length / 2)];
  });
}
