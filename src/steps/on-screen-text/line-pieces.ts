import type { Box } from '../../imaging/box.js';

/** Two pieces' boxes share this much of the lower one's height: they are on one row. */
const SAME_ROW = 0.5;
/**
 * Pieces at most this many of their heights apart may be one line: a piece's place is its track's (the samples' regions
 * vary, a sample's may hold the whole line), so two pieces read with a word in common can lie well apart.
 */
const NEAR = 8;
/** The fewest letters (spaces aside) the end of one piece and the start of the other must share. */
const SHARED = 3;

/**
 * One line of a caption found as two overlapping pieces and read as two ("MEET THE NEW" and "NEW TEAM", "ESPERA EL FIN"
 * and "RA EL FINAL"): their texts joined where the end of the left one is the start of the right one, or null when the
 * boxes are not side by side on one row (overlapping, or NEAR), or the texts share no such run of SHARED letters or
 * more.
 */
export function joinedPieces(a: { text: string; box: Box }, b: { text: string; box: Box }): string | null {
  const [left, right] = a.box.left <= b.box.left ? [a, b] : [b, a];
  const rows = Math.min(left.box.top + left.box.height, right.box.top + right.box.height) - Math.max(left.box.top, right.box.top);
  if (rows < SAME_ROW * Math.min(left.box.height, right.box.height)) return null;
  const gap = right.box.left - (left.box.left + left.box.width);
  if (gap > NEAR * Math.max(left.box.height, right.box.height) || right.box.left + right.box.width <= left.box.left + left.box.width)
    return null;
  const [x, y] = [left.text, right.text];
  for (let k = Math.min(x.length, y.length) - 1; k >= 1; k--) {
    const shared = x.slice(x.length - k);
    if (shared.toLowerCase() !== y.slice(0, k).toLowerCase() || shared.replace(/\s+/g, '').length < SHARED) continue;
    return x + y.slice(k);
  }
  return null;
}
