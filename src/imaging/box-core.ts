import type { Component } from './components.js';

/** Rows (and columns) of a component's bounding box it fills this share of its fullest one's count: its core. */
const CORE = 0.5;
/** Share of a component's pixels its core holds for what touches the core to be small beside it. */
const MOSTLY = 0.8;
/** Share of each side of the core its rows or columns there fill, a pixel in at most: a drawn box's straight edge. */
const STRAIGHT = 0.9;

/**
 * The box inside a bright component, or null: a caption's box touched by bright parts of the picture (a face's highlight
 * at its edge, a lamp beside it) is one component with them, whose bounding box they stretch until the box no longer
 * fills it. Its core (the span of rows holding at least CORE of its fullest row's pixels, then within them the span of
 * columns holding at least CORE of those rows) is the box again, whatever touched it, when it holds most of the pixels
 * and its four sides are straight; the core of a bright part of the picture has ragged sides (0.6-0.7 of them filled).
 */
export function boxInside(c: Component, w: number): Component | null {
  const core = coreOf(c, w);
  if (core === c || core.pixels.length < MOSTLY * c.pixels.length) return null;
  return straightSides(core, w) ? core : null;
}

function coreOf(c: Component, w: number): Component {
  const rows = new Int32Array(c.height);
  for (const i of c.pixels) rows[((i / w) | 0) - c.top]++;
  const [top, bottom] = spanOver(rows, CORE * Math.max(...rows));
  const columns = new Int32Array(c.width);
  for (const i of c.pixels) {
    const y = ((i / w) | 0) - c.top;
    if (y >= top && y <= bottom) columns[(i % w) - c.left]++;
  }
  const [left, right] = spanOver(columns, CORE * (bottom - top + 1));
  const x0 = c.left + left;
  const y0 = c.top + top;
  const width = right - left + 1;
  const height = bottom - top + 1;
  if (width === c.width && height === c.height) return c;
  const pixels = c.pixels.filter((i) => {
    const y = (i / w) | 0;
    const x = i - y * w;
    return y >= y0 && y < y0 + height && x >= x0 && x < x0 + width;
  });
  return { left: x0, top: y0, width, height, pixels };
}

/** The first and last index whose count reaches `least`. */
function spanOver(counts: Int32Array, least: number): [number, number] {
  let first = 0;
  while (first < counts.length - 1 && counts[first] < least) first++;
  let last = counts.length - 1;
  while (last > first && counts[last] < least) last--;
  return [first, last];
}

/** Each side of `box` filled to STRAIGHT by its outermost row or column, or by the one next to it (a soft edge). */
function straightSides(box: Component, w: number): boolean {
  const rows = new Int32Array(box.height);
  const columns = new Int32Array(box.width);
  for (const i of box.pixels) {
    const y = (i / w) | 0;
    rows[y - box.top]++;
    columns[i - y * w - box.left]++;
  }
  const full = (counts: Int32Array, a: number, b: number, of: number) => Math.max(counts[a], counts[b]) >= STRAIGHT * of;
  const [h, wd] = [box.height, box.width];
  return full(rows, 0, 1, wd) && full(rows, h - 1, h - 2, wd) && full(columns, 0, 1, h) && full(columns, wd - 1, wd - 2, h);
}
