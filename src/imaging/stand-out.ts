import { boxSum, fillSummedArea } from './summed-area.js';

/**
 * The pixels of a one-channel image (`src`, `w` x `h`) at least `level` above, and at least `level` below, the mean of
 * the square `r` pixels each side of them, as two 0/1 masks. The means come from a summed-area table (one pass).
 */
export function standOut(src: Uint8Array | Uint16Array, w: number, h: number, r: number, level: number): [Uint8Array, Uint8Array] {
  // Integers throughout: a frame's sum of values up to 9 bits fits 32 bits for frames up to 8 Mpx, and
  // `v - mean >= level` is `v * n - sum >= level * n` without a division.
  const sums = fillSummedArea(src, w, h, new Uint32Array((w + 1) * (h + 1)));
  const above = new Uint8Array(src.length);
  const below = new Uint8Array(src.length);
  for (let y = 0; y < h; y++) {
    const [y0, y1] = [Math.max(0, y - r), Math.min(h, y + r + 1)];
    for (let x = 0; x < w; x++) {
      const [x0, x1] = [Math.max(0, x - r), Math.min(w, x + r + 1)];
      const total = boxSum(sums, w, x0, y0, x1, y1);
      const n = (y1 - y0) * (x1 - x0);
      const v = src[y * w + x] * n - total;
      if (v >= level * n) above[y * w + x] = 1;
      else if (v <= -level * n) below[y * w + x] = 1;
    }
  }
  return [above, below];
}
