/** A rectangle of a frame, in pixels. */
export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Grows `into`, in place, to the smallest box that holds it and `other` both. */
export function growToHold(into: Box, other: Box): void {
  const right = Math.max(into.left + into.width, other.left + other.width);
  const bottom = Math.max(into.top + into.height, other.top + other.height);
  into.left = Math.min(into.left, other.left);
  into.top = Math.min(into.top, other.top);
  into.width = right - into.left;
  into.height = bottom - into.top;
}

/** Intersection over union of two boxes: 1 for the same box, 0 for boxes apart. */
export function boxOverlap(a: Box, b: Box): number {
  const w = Math.min(a.left + a.width, b.left + b.width) - Math.max(a.left, b.left);
  const h = Math.min(a.top + a.height, b.top + b.height) - Math.max(a.top, b.top);
  if (w <= 0 || h <= 0) return 0;
  const inter = w * h;
  return inter / (a.width * a.height + b.width * b.height - inter);
}

/** Whether two boxes are on one row: they share at least half the smaller one's rows. */
export function sharesRows(a: Box, b: Box): boolean {
  return Math.min(a.top + a.height, b.top + b.height) - Math.max(a.top, b.top) >= 0.5 * Math.min(a.height, b.height);
}

/** Whether `inner` lies wholly within `outer` (edges may touch). */
export function holds(outer: Box, inner: Box): boolean {
  return (
    inner.left >= outer.left &&
    inner.top >= outer.top &&
    inner.left + inner.width <= outer.left + outer.width &&
    inner.top + inner.height <= outer.top + outer.height
  );
}

/**
 * The columns `left`..`right` grown, box by box, over `boxes` that overlap them or stand within `gap` of their ends,
 * until none more does: a line going on over the strokes beside it.
 */
export function spanGrown(left: number, right: number, boxes: Box[], gap: number): { left: number; right: number } {
  for (let grew = true; grew; ) {
    grew = false;
    for (const b of boxes) {
      const [l, r] = [b.left, b.left + b.width];
      if ((l >= left && r <= right) || Math.max(l - right, left - r) > gap) continue;
      [left, right] = [Math.min(left, l), Math.max(right, r)];
      grew = true;
    }
  }
  return { left, right };
}
