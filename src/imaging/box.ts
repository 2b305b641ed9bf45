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
