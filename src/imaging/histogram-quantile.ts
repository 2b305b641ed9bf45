/**
 * The median of `n` values counted in a histogram (`counts[v]` of the value v): the least value with more than half
 * of them at or below it. A histogram, since the pixels counted can be tens of thousands and a sort would cost more.
 */
export function histogramMedian(counts: ArrayLike<number>, n: number): number {
  return histogramQuantile(counts, n, 0.5);
}

/** The least value of the `n` counted in `counts` with more than the share `q` (0-1) of them at or below it. */
export function histogramQuantile(counts: ArrayLike<number>, n: number, q: number): number {
  let v = 0;
  for (let seen = counts[0]; seen <= q * n && v < counts.length - 1; seen += counts[++v]);
  return v;
}
