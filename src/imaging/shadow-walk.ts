/** The share of the letters' runs along the offset a walk may be long: the thickest strokes but a few. */
const THICK = 0.8;

/** The offset as a step of one pixel (the larger of its two parts). */
export function unitStep(dx: number, dy: number): [number, number] {
  const m = Math.max(Math.abs(dx), Math.abs(dy));
  return [dx / m, dy / m];
}

/**
 * The steps (of unitStep) a walk along a shadow's offset takes through the `letters` (0/1), from the side it enters them
 * to the side it leaves (THICK of the runs): how far a letter's pixel may lie from its shadow.
 */
export function thicknessAlong(letters: Uint8Array, w: number, h: number, dx: number, dy: number): number {
  const [ux, uy] = unitStep(dx, dy);
  const runs: number[] = [];
  for (let p = 0; p < letters.length; p++) {
    if (!letters[p]) continue;
    const [x0, y0] = [p % w, (p / w) | 0];
    const bx = Math.round(x0 - ux);
    const by = Math.round(y0 - uy);
    if (bx >= 0 && bx < w && by >= 0 && by < h && letters[by * w + bx]) continue;
    let t = 1;
    for (; ; t++) {
      const x = Math.round(x0 + t * ux);
      const y = Math.round(y0 + t * uy);
      if (x < 0 || x >= w || y < 0 || y >= h || !letters[y * w + x]) break;
    }
    runs.push(t);
  }
  if (!runs.length) return 0;
  runs.sort((a, b) => a - b);
  return runs[Math.min(runs.length - 1, Math.floor(THICK * runs.length))];
}
