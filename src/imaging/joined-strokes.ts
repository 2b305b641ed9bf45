/**
 * The light strokes of `light` (a 0/1 mask of the pixels that stand out of their surroundings) joined by the pixels
 * beside them in `near` (those that stand out less, stand-out.ts): at the analysis size a thin or outlined light
 * stroke, shrunk beside its outline, stands out fully only in pieces of a pixel or two, which no letter test takes for
 * a letter. One ring of weaker pixels, and only beside strong ones: texture weakly brighter than its surroundings
 * stays out.
 */
export function joinedLightStrokes(light: Uint8Array, near: Uint8Array, w: number, h: number): Uint8Array {
  const joined = new Uint8Array(light);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (near[i] && !light[i] && besideStrong(light, w, h, x, y)) joined[i] = 1;
    }
  }
  return joined;
}

/** Whether a pixel of the 8 around (x, y) is set in `mask`. */
function besideStrong(mask: Uint8Array, w: number, h: number, x: number, y: number): boolean {
  for (let yy = Math.max(0, y - 1); yy <= Math.min(h - 1, y + 1); yy++)
    for (let xx = Math.max(0, x - 1); xx <= Math.min(w - 1, x + 1); xx++) if (mask[yy * w + xx]) return true;
  return false;
}
