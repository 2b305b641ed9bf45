export type Rgb = [number, number, number];

/** The colour `t` of the way from `a` to `b` (0: a, 1: b), per channel. */
export function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return [0, 1, 2].map((i) => Math.round(a[i] + (b[i] - a[i]) * t)) as Rgb;
}

/** Rec. 601 brightness of the RGB colour at `at` in `colour` (3 channels from there). */
export function luma(colour: ArrayLike<number>, at = 0): number {
  return 0.299 * colour[at] + 0.587 * colour[at + 1] + 0.114 * colour[at + 2];
}
