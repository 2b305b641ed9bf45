/**
 * The picture's structure at the decoded size (twice the compared one): the grey frame less its local mean, so
 * thin lines, text and small cells count and flat areas and colours do not. Two low-detail pictures (near-white
 * screenshots of thin text, `life`'s cells on black, one dark palette) look alike once shrunk to the compared size,
 * whatever their layout; their structure tells them apart whatever the transition between them does to the pixels.
 */

import { boxSum, fillSummedArea } from '../../imaging/summed-area.js';
import { greyAt } from './steadied-change.js';

/** What a frame's structure is read from: its grey levels, `width` x `height`. */
export interface Structure {
  /** Grey less the mean of the 5x5 box around each pixel. */
  values: Float32Array;
  /** The mean size of `values`: how much structure the frame has (0-255). */
  amount: number;
  width: number;
  height: number;
}

const R = 2;
/** Structure this small (0-255 a pixel) is noise: added to both sizes, so two nearly flat frames differ little. */
const NOISE = 1;

/**
 * The structure of an rgb24 frame of `width` x `height`, worked out when first asked for: most frames never are (only
 * the ends of windows the tiny frames cannot judge, and the frames around a small change). The frame is copied: it
 * may be a view into a larger buffer, which the copy lets go.
 */
export function structureWhenAsked(pixels: Buffer, width: number, height: number): () => Structure {
  let copy: Buffer | null = Buffer.from(pixels);
  let structure: Structure | undefined;
  return () => {
    structure ??= structureOf(copy as Buffer, width, height);
    copy = null;
    return structure;
  };
}

let scratch = { grey: new Float32Array(0), table: new Float64Array(0) };

/** The structure of an rgb24 frame of `width` x `height`. */
export function structureOf(pixels: Buffer, width: number, height: number): Structure {
  const n = width * height;
  const w1 = width + 1;
  // One frame at a time on one thread: the grey copy and the table are scratch space, kept for the next frame.
  if (scratch.grey.length !== n || scratch.table.length !== w1 * (height + 1))
    scratch = { grey: new Float32Array(n), table: new Float64Array(w1 * (height + 1)) };
  const { grey, table } = scratch;
  for (let p = 0; p < n; p++) grey[p] = greyAt(pixels, 3 * p);
  fillSummedArea(grey, width, height, table);
  const values = new Float32Array(n);
  let sum = 0;
  for (let y = 0; y < height; y++) {
    const y0 = Math.max(0, y - R);
    const y1 = Math.min(height, y + R + 1);
    for (let x = 0; x < width; x++) {
      const x0 = Math.max(0, x - R);
      const x1 = Math.min(width, x + R + 1);
      const box = boxSum(table, width, x0, y0, x1, y1);
      const v = grey[y * width + x] - box / ((x1 - x0) * (y1 - y0));
      values[y * width + x] = v;
      sum += Math.abs(v);
    }
  }
  return { values, amount: sum / n, width, height };
}

/**
 * How differently structured `b` is from `a` (0 alike; about 0.7 for two unrelated pictures): the least, over the
 * shifts within `reach` pixels of (dx, dy) (of `b` against `a`), of the summed difference of their structures over
 * the overlap, against the sum of their sizes there. Blind to colours and contrast.
 */
export function structureChange(a: Structure, b: Structure, dx: number, dy: number, reach = 1): number {
  let best = 1;
  for (let sy = dy - reach; sy <= dy + reach; sy++)
    for (let sx = dx - reach; sx <= dx + reach; sx++) {
      let diff = 0;
      let size = 0;
      let n = 0;
      const { width: w, height: h } = a;
      const [x0, x1] = [Math.max(0, sx) + R, w + Math.min(0, sx) - R];
      for (let y = Math.max(0, sy) + R; y < h + Math.min(0, sy) - R; y++) {
        const [rowA, rowB] = [(y - sy) * w - sx, y * w];
        for (let x = x0; x < x1; x++) {
          const p = a.values[rowA + x];
          const q = b.values[rowB + x];
          diff += Math.abs(p - q);
          size += Math.abs(p) + Math.abs(q);
        }
        if (x1 > x0) n += x1 - x0;
      }
      const share = diff / (size + 2 * NOISE * n);
      if (n > 0 && share < best) best = share;
    }
  return best;
}
