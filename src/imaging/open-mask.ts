/**
 * Morphological opening of a 0/1 mask (one byte a pixel) with a square of side 2r+1: erosion then dilation, each the
 * AND (OR) of the pixels within r along the rows, then along the columns. Outside the frame counts for neither (text
 * cut by the edge is still text). Four pixels at a time, as the bytes of 32-bit words, where the window lies inside
 * the frame; pixel by pixel near its edges: this runs on every zoomed caption crop, and a pixel at a time it was a
 * tenth of the crop's CPU.
 */
export function openMask(mask: Uint8Array, w: number, h: number, r: number): Uint8Array {
  return rank(rank(mask, w, h, r, true), w, h, r, false).slice(0, w * h);
}

/** Morphological dilation of a 0/1 mask with a square of side 2r+1 (openMask's second half): each pixel ORed with those within r. */
export function dilateMask(mask: Uint8Array, w: number, h: number, r: number): Uint8Array {
  return rank(mask, w, h, r, false).slice(0, w * h);
}

interface Padded {
  bytes: Uint8Array;
  words: Uint32Array;
}

/** `n` bytes (a copy of `from` when given), padded past the end so that a word read up to `spare` bytes on stays inside. */
function padded(n: number, spare: number, from?: Uint8Array): Padded {
  const bytes = new Uint8Array(4 * ((n + spare + 3) >> 2) + 4);
  if (from) bytes.set(from.subarray(0, n));
  return { bytes, words: new Uint32Array(bytes.buffer) };
}

/** The four bytes from byte `at` (>= 0) as one word, whatever its alignment (typed arrays are little-endian here). */
function wordAt(a: Uint32Array, at: number): number {
  const k = at >> 2;
  const shift = (at & 3) << 3;
  return shift ? (a[k] >>> shift) | (a[k + 1] << (32 - shift)) : a[k];
}

/** a AND b (`min`), else a OR b. */
function pick(a: number, b: number, min: boolean): number {
  return min ? a & b : a | b;
}

/** Each pixel ANDed (`min`) or ORed with the pixels up to r away in its row, then in its column. */
function rank(src: Uint8Array, w: number, h: number, r: number, min: boolean): Padded['bytes'] {
  const n = w * h;
  const input = padded(n, r + 4, src);
  const across = padded(n, 4);
  // Along the rows: the whole mask as one line, a word at a time from the first word with r pixels before it; then
  // the pixels that line got wrong or did not reach (r of each row's ends, the first and last words) one at a time.
  const [firstRow, endRow] = [(r + 3) >> 2, n >> 2];
  for (let k = firstRow; k < endRow; k++) {
    let v = input.words[k];
    for (let d = 1; d <= r; d++) v = pick(v, pick(wordAt(input.words, 4 * k - d), wordAt(input.words, 4 * k + d), min), min);
    across.words[k] = v;
  }
  const alongRow = (i: number) => {
    const row = i - (i % w);
    let v = input.bytes[i];
    for (let j = Math.max(row, i - r); j <= Math.min(row + w - 1, i + r); j++) v = pick(v, input.bytes[j], min);
    across.bytes[i] = v;
  };
  for (let i = 0; i < Math.min(n, 4 * firstRow); i++) alongRow(i);
  for (let i = Math.max(0, 4 * endRow); i < n; i++) alongRow(i);
  for (let row = 0; row < n; row += w) {
    for (let x = 0; x < Math.min(r, w); x++) alongRow(row + x);
    for (let x = Math.max(r, w - r); x < w; x++) alongRow(row + x);
  }
  // Along the columns: the words whose pixels all lie r rows or more from the top and bottom at once, the rest alone.
  const out = padded(n, 4);
  const [first, end] = [(Math.min(n, r * w) + 3) >> 2, Math.max(0, (h - r) * w) >> 2];
  for (let k = first; k < end; k++) {
    let v = across.words[k];
    for (let d = 1; d <= r; d++) v = pick(v, pick(wordAt(across.words, 4 * k - d * w), wordAt(across.words, 4 * k + d * w), min), min);
    out.words[k] = v;
  }
  const alongColumn = (i: number) => {
    const y = (i / w) | 0;
    let v = across.bytes[i];
    for (let k = Math.max(0, y - r); k <= Math.min(h - 1, y + r); k++) v = pick(v, across.bytes[i + (k - y) * w], min);
    out.bytes[i] = v;
  };
  for (let i = 0; i < Math.min(n, 4 * Math.max(first, 0)); i++) alongColumn(i);
  for (let i = Math.max(4 * end, 4 * first); i < n; i++) alongColumn(i);
  return out.bytes;
}
