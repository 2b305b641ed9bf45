export type Rgb = [number, number, number];

/** The colour `t` of the way from `a` to `b` (0: a, 1: b), per channel. */
export function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return [0, 1, 2].map((i) => Math.round(a[i] + (b[i] - a[i]) * t)) as Rgb;
}
