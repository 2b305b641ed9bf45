/**
 * The median of `n` values counted in a histogram (`counts[v]` of the value v): the least value with more than half
 * of them at or below it. A histogram, since the pixels counted can be tens of thousands and a sort would cost more.
 */
export function histogramMedian(counts: ArrayLike<number>, n: number): number {
  let v = 0;
  for (let seen = counts[0]; seen <= n / 2 && v < counts.length - 1; seen += counts[++v]);
  return v;
}
