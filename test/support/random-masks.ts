/** Seeded random numbers in [0, 1): a test's random cases are the same on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed;
  return () => (state = (state * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
}

/** A w x h mask, one byte a pixel: each pixel set (to `value()`, 1 unless told) with chance `density`. */
export function randomMask(random: () => number, w: number, h: number, density: number, value = () => 1): Uint8Array {
  return Uint8Array.from({ length: w * h }, () => (random() < density ? value() : 0));
}

/**
 * The pixels a breadth-first walk reaches from `seeds` (each taken) through the pixels `ok` accepts, over each pixel's
 * 8 neighbours (4 without `diagonal`), in the order reached: the definition the imaging fills are tested against.
 */
export function walkedFrom(seeds: number[], ok: (j: number) => boolean, w: number, h: number, diagonal: boolean): number[] {
  const seen = new Uint8Array(w * h);
  const reached: number[] = [];
  for (const s of seeds) {
    if (seen[s]) continue;
    seen[s] = 1;
    reached.push(s);
  }
  for (let k = 0; k < reached.length; k++) {
    const [x, y] = [reached[k] % w, Math.floor(reached[k] / w)];
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const [nx, ny] = [x + dx, y + dy];
        if ((dx && dy && !diagonal) || nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
        const j = ny * w + nx;
        if (!seen[j] && ok(j)) {
          seen[j] = 1;
          reached.push(j);
        }
      }
    }
  }
  return reached;
}
