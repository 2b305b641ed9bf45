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
 * Connected components of a mask: 8-connected, or 4-connected without `diagonal`. The components' pixel lists are
 * views of a few shared typed arrays, and the flood fill's stack is typed too: growing a JS array per component cost
 * more than the fill on bright frames.
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

/** The fills' stack of seeds, grown as needed: shared, as a fill runs to its end before another starts. */
let seeds = new Int32Array(4096);

/** The components' pixel lists at first: grown as needed, so a mostly empty mask does not pay for one as large as it. */
const FIRST_FOUND = 16384;

/** A list twice as long, starting with `list`. */
function twice(list: Int32Array): Int32Array<ArrayBuffer> {
  const more = new Int32Array(2 * list.length);
  more.set(list);
  return more;
}

/**
 * Flood fills of one mask, each pixel filled once: `components` fills from every pixel in turn, a caller that wants
 * only the shapes holding some pixels (opened-letters.ts) fills from those alone.
 */
export class ShapeFills {
  /** The pixels filled so far. */
  readonly seen: Uint8Array;
  /** The filled components' pixels, each a run of it (filled components keep views of what they were filled into). */
  private found: Int32Array;
  private end = 0;

  constructor(
    private readonly mask: Uint8Array,
    private readonly w: number,
    private readonly h: number,
    private readonly diagonal = true,
  ) {
    this.seen = new Uint8Array(mask.length);
    this.found = new Int32Array(Math.min(mask.length, FIRST_FOUND));
  }

  /**
   * The component of mask pixel `start`, not yet filled: a run of a row at a time, and a seed for each span of unfilled
   * pixels touching the run in the rows above and below (a pixel at a time, its eight neighbours each, was a quarter
   * of a caption crop's CPU). Its pixels run by run.
   */
  fill(start: number): Component {
    const { mask, w, seen } = this;
    const reach = this.diagonal ? 1 : 0;
    seen[start] = 1;
    let top = 0;
    seeds[top++] = start;
    let found = this.found;
    let first = this.end;
    let end = first;
    let [x0, y0, x1, y1] = [w, this.h, 0, 0];
    while (top) {
      const i = seeds[--top];
      const y = (i / w) | 0;
      const row = y * w;
      let a = i;
      while (a > row && mask[a - 1] && !seen[a - 1]) seen[--a] = 1;
      let b = i;
      while (b < row + w - 1 && mask[b + 1] && !seen[b + 1]) seen[++b] = 1;
      if (end + b - a + 1 > found.length) {
        found = this.grown(first, end, b - a + 1);
        [first, end] = [0, end - first];
      }
      for (let j = a; j <= b; j++) found[end++] = j;
      if (a - row < x0) x0 = a - row;
      if (b - row > x1) x1 = b - row;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      const [from, to] = [Math.max(a - reach, row) - row, Math.min(b + reach, row + w - 1) - row];
      if (y > 0) top = this.seed(row - w + from, row - w + to, top);
      if (y < this.h - 1) top = this.seed(row + w + from, row + w + to, top);
    }
    this.end = end;
    return { left: x0, top: y0, width: x1 - x0 + 1, height: y1 - y0 + 1, pixels: found.subarray(first, end) };
  }

  /** Pushes the first pixel of each span of unfilled mask pixels from `from` to `to` (one row) on the seeds, from `top`. */
  private seed(from: number, to: number, top: number): number {
    const { mask, seen } = this;
    let open = false;
    for (let j = from; j <= to; j++) {
      if (!mask[j] || seen[j]) open = false;
      else if (!open) {
        if (top === seeds.length) seeds = twice(seeds);
        seen[j] = 1;
        seeds[top++] = j;
        open = true;
      }
    }
    return top;
  }

  /** A larger list for the component being filled, its pixels so far (from `first` to `end`) copied to its start. */
  private grown(first: number, end: number, more: number): Int32Array {
    const next = new Int32Array(Math.min(this.mask.length, Math.max(2 * this.found.length, end - first + more)));
    next.set(this.found.subarray(first, end));
    this.found = next;
    return next;
  }
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
