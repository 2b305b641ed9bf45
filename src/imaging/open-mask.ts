/**
 * Morphological opening of a 0/1 mask (one byte a pixel) with a square of side 2r+1: erosion then dilation, each the
 * AND (OR) of the pixels within r. Outside the frame counts for neither (text cut by the edge is still text). The mask
 * is packed 32 pixels to a word first: this runs on every opened caption crop, several times a crop, and a byte a
 * pixel it was the largest share of the crop's CPU.
 */
export function openMask(mask: Uint8Array, w: number, h: number, r: number): Uint8Array {
  const bits = packed(mask, w, h);
  for (let k = 0; k < r; k++) step(bits, true);
  for (let k = 0; k < r; k++) step(bits, false);
  return unpacked(bits);
}

/** Morphological dilation of a 0/1 mask with a square of side 2r+1 (openMask's second half): each pixel ORed with those within r. */
export function dilateMask(mask: Uint8Array, w: number, h: number, r: number): Uint8Array {
  const bits = packed(mask, w, h);
  for (let k = 0; k < r; k++) step(bits, false);
  return unpacked(bits);
}

/** A mask as bits: row by row, `stride` words a row, pixel x of a row in bit x % 32 of its word x / 32. */
interface Bits {
  words: Uint32Array;
  /** Scratch as large as `words`, for the pass along the rows. */
  across: Uint32Array;
  w: number;
  h: number;
  stride: number;
  /** The bits of a row's last word that hold pixels (the rest stay 0). */
  tail: number;
}

function packed(mask: Uint8Array, w: number, h: number): Bits {
  const stride = (w + 31) >>> 5;
  const words = new Uint32Array(stride * h);
  for (let y = 0; y < h; y++) {
    for (let k = 0, from = y * w; k < stride; k++, from += 32) {
      const end = Math.min(32, w - 32 * k);
      let v = 0;
      // Any byte but 0 is a pixel of the mask: its negation's sign bit.
      for (let b = 0; b < end; b++) v |= (-mask[from + b] >>> 31) << b;
      words[y * stride + k] = v;
    }
  }
  const rest = w & 31;
  return { words, across: new Uint32Array(words.length), w, h, stride, tail: rest ? (1 << rest) - 1 : -1 };
}

function unpacked({ words, w, h, stride }: Bits): Uint8Array {
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let k = 0, to = y * w; k < stride; k++, to += 32) {
      const end = Math.min(32, w - 32 * k);
      const v = words[y * stride + k];
      if (v === 0) continue;
      for (let b = 0; b < end; b++) out[to + b] = (v >>> b) & 1;
    }
  }
  return out;
}

/**
 * One pixel of erosion (AND) or dilation (OR) with a 3 x 3 square, along the rows then along the columns: r of them
 * make the square of side 2r+1. Outside the frame is all ones to an erosion and all zeros to a dilation.
 */
function step(bits: Bits, erode: boolean): void {
  const { words, across, h, stride, tail } = bits;
  const outside = erode ? -1 : 0;
  const last = stride - 1;
  for (let y = 0; y < h; y++) {
    const row = y * stride;
    for (let k = 0; k < stride; k++) {
      // The last word's spare bits count as outside.
      const here = k === last ? (words[row + k] & tail) | (outside & ~tail) : words[row + k];
      const before = k > 0 ? words[row + k - 1] >>> 31 : outside & 1;
      const after = k < last ? words[row + k + 1] << 31 : outside << 31;
      const west = (here << 1) | before;
      const east = (here >>> 1) | after;
      const v = erode ? here & west & east : here | west | east;
      across[row + k] = k === last ? v & tail : v;
    }
  }
  // The spare bits are 0 in every row, so they stay 0.
  for (let i = 0; i < words.length; i++) {
    const up = i >= stride ? across[i - stride] : outside;
    const down = i + stride < words.length ? across[i + stride] : outside;
    words[i] = erode ? across[i] & up & down : across[i] | up | down;
  }
}
