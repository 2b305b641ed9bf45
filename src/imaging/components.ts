import { floodFill } from './flood-fill.js';

export interface Component {
  left: number;
  top: number;
  width: number;
  height: number;
  /** Indices of its pixels in the mask. */
  pixels: Int32Array;
}

/**
 * Connected components of a mask: 8-connected, or 4-connected without `diagonal`. Every component's pixel list is a
 * view of one array the size of the mask, and the flood fill's stack is typed too: growing a JS array per component
 * cost more than the fill on bright frames.
 */
export function components(mask: Uint8Array, w: number, h: number, diagonal = true): Component[] {
  const fills = new ShapeFills(mask, w, h, diagonal);
  const out: Component[] = [];
  // Four pixels at a time where the mask is empty (most of a contrast mask is): a view of its aligned words.
  const words = mask.byteOffset % 4 === 0 ? mask.length >> 2 : 0;
  const quads = new Uint32Array(mask.buffer, mask.byteOffset, words);
  for (let start = 0; start < mask.length; start++) {
    if ((start & 3) === 0 && start >> 2 < words && quads[start >> 2] === 0) {
      start += 3;
      continue;
    }
    if (mask[start] && !fills.seen[start]) out.push(fills.fill(start));
  }
  return out;
}

/**
 * Flood fills of one mask, each pixel filled once: `components` fills from every pixel in turn, a caller that wants
 * only the shapes holding some pixels (opened-letters.ts) fills from those alone.
 */
export class ShapeFills {
  /** The pixels filled so far. */
  readonly seen: Uint8Array;
  private readonly found: Int32Array;
  private readonly stack: Int32Array;
  private end = 0;

  constructor(
    private readonly mask: Uint8Array,
    private readonly w: number,
    private readonly h: number,
    private readonly diagonal = true,
  ) {
    this.seen = new Uint8Array(mask.length);
    this.found = new Int32Array(mask.length);
    this.stack = new Int32Array(mask.length);
  }

  /** The component of mask pixel `start`, not yet filled; its pixels in the order the fill reached them. */
  fill(start: number): Component {
    const { mask, w, h, diagonal, seen, found, stack } = this;
    seen[start] = 1;
    let top = 0;
    stack[top++] = start;
    const first = this.end;
    let end = first;
    let x0 = w;
    let y0 = h;
    let x1 = 0;
    let y1 = 0;
    while (top) {
      const i = stack[--top];
      found[end++] = i;
      const y = (i / w) | 0;
      const x = i - y * w;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      // The neighbours in the same order as a 3 x 3 scan, row by row (the pixel lists' order is kept).
      const l = x > 0;
      const r = x < w - 1;
      if (y > 0) {
        const j = i - w;
        if (diagonal && l && mask[j - 1] && !seen[j - 1]) stack[top++] = mark(seen, j - 1);
        if (mask[j] && !seen[j]) stack[top++] = mark(seen, j);
        if (diagonal && r && mask[j + 1] && !seen[j + 1]) stack[top++] = mark(seen, j + 1);
      }
      if (l && mask[i - 1] && !seen[i - 1]) stack[top++] = mark(seen, i - 1);
      if (r && mask[i + 1] && !seen[i + 1]) stack[top++] = mark(seen, i + 1);
      if (y < h - 1) {
        const j = i + w;
        if (diagonal && l && mask[j - 1] && !seen[j - 1]) stack[top++] = mark(seen, j - 1);
        if (mask[j] && !seen[j]) stack[top++] = mark(seen, j);
        if (diagonal && r && mask[j + 1] && !seen[j + 1]) stack[top++] = mark(seen, j + 1);
      }
    }
    this.end = end;
    return { left: x0, top: y0, width: x1 - x0 + 1, height: y1 - y0 + 1, pixels: found.subarray(first, end) };
  }
}

/** Marks pixel `j` seen and returns it (to push on the fill's stack). */
function mark(seen: Uint8Array, j: number): number {
  seen[j] = 1;
  return j;
}

/**
 * The share of a component's bounding box taken by the holes it encloses: the ink on a box or a page (its dark letters
 * are holes in the bright component), the counters of a letter (B, D); a patch of bright picture rarely closes around
 * much.
 */
export function enclosedShare(c: Component, w: number): number {
  // The box with a one-pixel margin: what the margin reaches without crossing the component is outside it.
  const bw = c.width + 2;
  const bh = c.height + 2;
  const own = new Uint8Array(bw * bh);
  for (const i of c.pixels) {
    const y = (i / w) | 0;
    own[(y - c.top + 1) * bw + (i - y * w - c.left + 1)] = 1;
  }
  const outside = new Uint8Array(bw * bh);
  floodFill(outside, [0], (j) => !own[j], bw, bh, false);
  let reached = 0;
  for (const o of outside) reached += o;
  return (bw * bh - reached - c.pixels.length) / (c.width * c.height);
}
