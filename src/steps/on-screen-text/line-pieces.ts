import type { Box } from '../../imaging/box.js';
import { withoutMarks } from './marks.js';
import { sameRow } from './same-caption.js';

/** The fewest letters (spaces aside) the end of one piece and the start of the other must share. */
const SHARED = 3;

/**
 * One line of a caption found as two overlapping pieces and read as two ("MEET THE NEW" and "NEW TEAM", "ESPERA EL FIN"
 * and "RA EL FINAL"): their texts joined where the end of the left one is the start of the right one, or null when the
 * boxes are not side by side on one row (same-caption.ts `sameRow`) with the right one reaching past the left one's
 * end, or the texts share no such run of SHARED letters or more.
 */
export function joinedPieces(a: { text: string; box: Box }, b: { text: string; box: Box }): string | null {
  const [left, right] = a.box.left <= b.box.left ? [a, b] : [b, a];
  // A piece's place is its track's (the samples' regions vary, a sample's may hold the whole line), so two pieces read
  // with a word in common can lie well apart along their row: as far as a caption followed from sample to sample.
  if (!sameRow(left.box, right.box) || right.box.left + right.box.width <= left.box.left + left.box.width) return null;
  const [x, y] = [left.text, right.text];
  for (let k = Math.min(x.length, y.length) - 1; k >= 1; k--) {
    const shared = x.slice(x.length - k);
    if (shared.toLowerCase() !== y.slice(0, k).toLowerCase() || shared.replace(/\s+/g, '').length < SHARED) continue;
    return x + y.slice(k);
  }
  return null;
}

/**
 * Every word of `piece` (two letters or more; marks and punctuation aside) is part of a word of `line`, in the
 * line's order: a piece of the line read on its own, which says nothing the line does not ("err artin TA. TIST" of
 * "Pierre Martin DATA SCIENTIST", a region cut across its words in one sample).
 */
export function wordsWithin(piece: string, line: string): boolean {
  const [xs, ys] = [plainWords(piece), plainWords(line)];
  if (!xs.length) return false;
  let j = 0;
  for (const x of xs) {
    while (j < ys.length && !ys[j].includes(x)) j++;
    if (j === ys.length) return false;
  }
  return true;
}

/** Lower-case words of two letters or more, without their marks and punctuation. */
function plainWords(text: string): string[] {
  return withoutMarks(text)
    .toLowerCase()
    .split(/\s+/)
    .map((w) => w.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter((w) => w.length >= 2);
}
