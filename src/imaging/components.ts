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
  const seen = new Uint8Array(mask.length);
  const found = new Int32Array(mask.length);
  const stack = new Int32Array(mask.length);
  const out: Component[] = [];
  let end = 0;
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || seen[start]) continue;
    seen[start] = 1;
    let top = 0;
    stack[top++] = start;
    const first = end;
    let [x0, y0, x1, y1] = [w, h, 0, 0];
    while (top) {
      const i = stack[--top];
      found[end++] = i;
      const x = i % w;
      const y = (i - x) / w;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      for (let dy = -1; dy <= 1; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= h) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          if (xx < 0 || xx >= w || (dx && dy && !diagonal)) continue;
          const j = yy * w + xx;
          if (mask[j] && !seen[j]) {
            seen[j] = 1;
            stack[top++] = j;
          }
        }
      }
    }
    out.push({ left: x0, top: y0, width: x1 - x0 + 1, height: y1 - y0 + 1, pixels: found.subarray(first, end) });
  }
  return out;
}
