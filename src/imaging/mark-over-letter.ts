import type { Box } from './box.js';

/** How far above a letter (lines) a mark of it may end: an accent over a capital, an i's dot. */
const MARK_GAP = 0.5;

/** Whether `mark` ends just above one of `letters` (within MARK_GAP lines of its head) and over it (half its width). */
export function overALetter(mark: Box, letters: Box[], line: number): boolean {
  const foot = mark.top + mark.height;
  return letters.some(
    (l) =>
      l.top >= foot &&
      l.top - foot <= MARK_GAP * line &&
      Math.min(l.left + l.width, mark.left + mark.width) - Math.max(l.left, mark.left) >= 0.5 * mark.width,
  );
}
