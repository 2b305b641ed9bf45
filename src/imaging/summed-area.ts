/**
 * The summed-area table of a one-channel image `w` x `h`, written into `table` ((w + 1) x (h + 1), its first row and
 * column left at zero): each entry holds the sum of the pixels above and to the left of it, so the sum over any box
 * comes from its four corners (boxSum). An integer table is exact while the sums fit it; a float one takes any values.
 */
export function fillSummedArea<T extends Uint32Array | Float64Array>(src: ArrayLike<number>, w: number, h: number, table: T): T {
  const w1 = w + 1;
  for (let y = 0; y < h; y++) {
    let row = 0;
    for (let x = 0; x < w; x++) {
      row += src[y * w + x];
      table[(y + 1) * w1 + x + 1] = table[y * w1 + x + 1] + row;
    }
  }
  return table;
}

/** The sum of the pixels in columns x0 to x1 - 1 and rows y0 to y1 - 1 of an image `w` wide, from its summed-area table. */
export function boxSum(table: ArrayLike<number>, w: number, x0: number, y0: number, x1: number, y1: number): number {
  const w1 = w + 1;
  return table[y1 * w1 + x1] - table[y0 * w1 + x1] - table[y1 * w1 + x0] + table[y0 * w1 + x0];
}
