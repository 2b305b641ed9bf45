/**
 * A caption is laid over the picture and stays where it is laid while the picture under it moves (a pan, a zoom, a
 * shake, anything that changes the background between two samples). Where a frame's picture changed against its
 * neighbouring samples of the same scene, the pixels that kept their grey level against one of them are the overlay
 * (or picture that did not change: a flat sky, the still middle of a zoom); the rest is moving picture, whose texture
 * is read as fragments of letters ("RE EAD NI"), another fragment in every sample. A still picture says nothing of
 * what is laid over it, and is left alone.
 */

/** Grey levels a pixel may change by between two samples and still be the same pixel (the codec's noise is a few). */
export const STILL_LEVELS = 24;
/** Share of a frame's pixels that changed against a neighbour for its picture to have moved. */
export const MOVED_SHARE = 0.2;

/**
 * The pixels of `grey` (`w` x `h`) that stayed still against one of `neighbours` (the same frame size) that the picture
 * moved against, grown by one pixel (a stroke's blurred edge mixes with the moving picture behind it): 1 still, 0
 * moving. Null when no neighbour's picture moved: nothing to tell the overlay by.
 */
export function stillPixels(grey: Uint8Array, neighbours: Uint8Array[], w: number, h: number): Uint8Array | null {
  const n = w * h;
  const moved = neighbours.filter((other) => other.length >= n && changedShare(grey, other, n) >= MOVED_SHARE);
  if (!moved.length) return null;
  const still = new Uint8Array(n);
  for (const other of moved)
    for (let i = 0; i < n; i++) {
      const d = grey[i] - other[i];
      if (d <= STILL_LEVELS && d >= -STILL_LEVELS) still[i] = 1;
    }
  return grow(still, w, h);
}

/** Share of the first `n` pixels that differ by more than STILL_LEVELS, counted on every fourth pixel. */
function changedShare(a: Uint8Array, b: Uint8Array, n: number): number {
  let changed = 0;
  let seen = 0;
  for (let i = 0; i < n; i += 4) {
    const d = a[i] - b[i];
    if (d > STILL_LEVELS || d < -STILL_LEVELS) changed++;
    seen++;
  }
  return seen ? changed / seen : 0;
}

/** Dilation by a 3x3 square, as a pass along rows then one along columns. */
function grow(mask: Uint8Array, w: number, h: number): Uint8Array {
  const rows = new Uint8Array(mask.length);
  for (let y = 0; y < h; y++) {
    const r = y * w;
    for (let x = 0; x < w; x++) rows[r + x] = mask[r + x] | (x > 0 ? mask[r + x - 1] : 0) | (x < w - 1 ? mask[r + x + 1] : 0);
  }
  const out = new Uint8Array(mask.length);
  for (let y = 0; y < h; y++) {
    const r = y * w;
    const up = y > 0 ? r - w : r;
    const down = y < h - 1 ? r + w : r;
    for (let x = 0; x < w; x++) out[r + x] = rows[up + x] | rows[r + x] | rows[down + x];
  }
  return out;
}
