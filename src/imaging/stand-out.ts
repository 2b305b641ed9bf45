/**
 * The pixels of a one-channel image (`src`, `w` x `h`) at least `level` above, and at least `level` below, the mean of
 * the square `r` pixels each side of them, as two 0/1 masks.
 */
export function standOut(src: Uint8Array | Uint16Array, w: number, h: number, r: number, level: number): [Uint8Array, Uint8Array] {
  const [above, below] = standOutNear(src, w, h, r, level, level);
  return [above, below];
}

/**
 * standOut's two masks, and as a third the pixels at least `near` (under `level`) above the mean but not `level`
 * (joined-strokes.ts), in the same pass: the square's sums are the most of its cost. The square's sum is kept running:
 * each column's sum over the square's rows moves down a row at a time, and the row's sum over the square's columns
 * along it (integers that fit 32 bits: this runs three times on every frame the contrast path reads; a summed-area
 * table read at four corners a pixel cost twice as much).
 */
export function standOutNear(
  src: Uint8Array | Uint16Array,
  w: number,
  h: number,
  r: number,
  level: number,
  near: number,
): [Uint8Array, Uint8Array, Uint8Array] {
  // `v - mean >= level` is `v * n - sum >= level * n` without a division.
  const above = new Uint8Array(src.length);
  const below = new Uint8Array(src.length);
  const nearAbove = new Uint8Array(near < level ? src.length : 0);
  const columns = new Int32Array(w);
  // How many columns of the square lie inside the frame, at each column.
  const across = new Int32Array(w);
  for (let x = 0; x < w; x++) across[x] = Math.min(w, x + r + 1) - Math.max(0, x - r);
  // The columns' sums over rows 0 to r - 1; each row adds the row entering the square below and drops the one leaving.
  for (let y = 0; y < Math.min(r, h); y++) for (let x = 0; x < w; x++) columns[x] += src[y * w + x];
  for (let y = 0; y < h; y++) {
    if (y + r < h) for (let x = 0, i = (y + r) * w; x < w; x++, i++) columns[x] += src[i];
    if (y - r - 1 >= 0) for (let x = 0, i = (y - r - 1) * w; x < w; x++, i++) columns[x] -= src[i];
    const rows = Math.min(h, y + r + 1) - Math.max(0, y - r);
    let total = 0;
    for (let x = 0; x < Math.min(r, w); x++) total += columns[x];
    const row = y * w;
    for (let x = 0; x < w; x++) {
      if (x + r < w) total += columns[x + r];
      if (x - r - 1 >= 0) total -= columns[x - r - 1];
      const n = rows * across[x];
      const v = src[row + x] * n - total;
      const least = level * n;
      if (v >= least) above[row + x] = 1;
      else if (v <= -least) below[row + x] = 1;
      else if (near < level && v >= near * n) nearAbove[row + x] = 1;
    }
  }
  return [above, below, nearAbove];
}
