// Evaluation drawn at random from families wider than anything was tuned on (ARCHITECTURE decision 24): a seeded
// generator (the seed printed, so a run can be repeated), and the summary every family reports: the median and
// the worst tenth, never one number alone. QUALITY_SEED=<n> repeats a run; thresholds are chosen on the seeds of
// TUNE_SEEDS and reported on fresh ones.

/** Seeds thresholds were chosen on: a family's report on one of these says so. */
export const TUNE_SEEDS = [1, 2, 3, 4, 5];

/** The run's seed: QUALITY_SEED, else a fresh one (printed by the caller with its report). */
export function runSeed() {
  const given = process.env.QUALITY_SEED;
  return given !== undefined && given !== '' ? Number(given) >>> 0 : (Date.now() ^ (process.pid << 16)) >>> 0;
}

/** A deterministic generator of numbers in [0, 1) from a 32-bit seed (mulberry32: small, fast and well mixed). */
export function seededRandom(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    /** A number in [lo, hi). */
    between: (lo, hi) => lo + (hi - lo) * next(),
    /** An integer in [lo, hi]. */
    int: (lo, hi) => lo + Math.floor((hi - lo + 1) * next()),
    pick: (items) => items[Math.floor(items.length * next())],
    /** `n` distinct items in random order. */
    sample: (items, n) => {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor((i + 1) * next());
        [copy[i], copy[j]] = [copy[j], copy[i]];
      }
      return copy.slice(0, n);
    },
  };
}

/**
 * The median and the worst tenth of per-case scores (`higherIsBetter`: recall, F1; else error rates): the worst
 * tenth is the mean of the worst 10% of cases (at least one).
 */
export function medianAndWorstTenth(values, higherIsBetter = true) {
  if (!values.length) return { n: 0, median: NaN, worstTenth: NaN };
  const sorted = [...values].sort((a, b) => (higherIsBetter ? a - b : b - a));
  const mid = sorted.length / 2;
  const median = sorted.length % 2 ? sorted[Math.floor(mid)] : (sorted[mid - 1] + sorted[mid]) / 2;
  const tail = sorted.slice(0, Math.max(1, Math.round(sorted.length / 10)));
  return { n: values.length, median, worstTenth: tail.reduce((a, b) => a + b, 0) / tail.length };
}

/** One report line: `label: median X, worst tenth Y (n cases, seed S[, a tuning seed])`. */
export function familyLine(label, values, seed, higherIsBetter = true, digits = 2) {
  const { n, median, worstTenth } = medianAndWorstTenth(values, higherIsBetter);
  const tuned = TUNE_SEEDS.includes(seed) ? ', a tuning seed' : '';
  return `${label}: median ${median.toFixed(digits)}, worst tenth ${worstTenth.toFixed(digits)} (${n} cases, seed ${seed}${tuned})`;
}
