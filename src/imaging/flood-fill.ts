/**
 * Marks in `into` every pixel `ok` accepts connected to `seeds` (8-connected when `diagonal`, else 4-connected). The
 * neighbours are written out, not looped over with a pair made for each: ring-letters runs it four times on every
 * bright crop.
 */
export function floodFill(into: Uint8Array, seeds: number[], ok: (j: number) => boolean, w: number, h: number, diagonal: boolean): void {
  const stack = new Int32Array(into.length);
  let top = 0;
  for (const s of seeds) {
    if (into[s]) continue;
    into[s] = 1;
    stack[top++] = s;
  }
  const visit = (j: number) => {
    if (into[j] || !ok(j)) return;
    into[j] = 1;
    stack[top++] = j;
  };
  while (top) {
    const i = stack[--top];
    const x = i % w;
    const [l, r, u, d] = [x > 0, x < w - 1, i >= w, i < (h - 1) * w];
    if (u) {
      if (diagonal && l) visit(i - w - 1);
      visit(i - w);
      if (diagonal && r) visit(i - w + 1);
    }
    if (l) visit(i - 1);
    if (r) visit(i + 1);
    if (d) {
      if (diagonal && l) visit(i + w - 1);
      visit(i + w);
      if (diagonal && r) visit(i + w + 1);
    }
  }
}
