/**
 * In-place radix-2 complex FFT of `re`/`im` (length a power of two). `inverse` gives the unscaled inverse
 * transform (divide by the length afterwards). Twiddles and the bit-reversal order are computed once per size.
 */
export function fft(re: Float64Array, im: Float64Array, inverse = false): void {
  const n = re.length;
  const { cos, sin, reversed } = tablesFor(n);
  for (let i = 0; i < n; i++) {
    const j = reversed[i];
    if (i < j) {
      const r = re[i];
      re[i] = re[j];
      re[j] = r;
      const m = im[i];
      im[i] = im[j];
      im[j] = m;
    }
  }
  const sign = inverse ? -1 : 1;
  for (let len = 2; len <= n; len <<= 1) {
    const step = n / len;
    const half = len >> 1;
    for (let i = 0; i < n; i += len) {
      for (let k = 0; k < half; k++) {
        const wr = cos[k * step];
        const wi = sign * sin[k * step];
        const a = i + k;
        const b = a + half;
        const tr = re[b] * wr - im[b] * wi;
        const ti = re[b] * wi + im[b] * wr;
        re[b] = re[a] - tr;
        im[b] = im[a] - ti;
        re[a] += tr;
        im[a] += ti;
      }
    }
  }
}

const tables = new Map<number, { cos: Float64Array; sin: Float64Array; reversed: Uint32Array }>();

function tablesFor(n: number) {
  let t = tables.get(n);
  if (!t) {
    if (n & (n - 1)) throw new Error(`FFT size ${n} is not a power of two`);
    const bits = Math.log2(n);
    const reversed = new Uint32Array(n);
    for (let i = 0; i < n; i++) {
      let r = 0;
      for (let b = 0; b < bits; b++) r |= ((i >> b) & 1) << (bits - 1 - b);
      reversed[i] = r;
    }
    const cos = Float64Array.from({ length: n / 2 }, (_, k) => Math.cos((-2 * Math.PI * k) / n));
    const sin = Float64Array.from({ length: n / 2 }, (_, k) => Math.sin((-2 * Math.PI * k) / n));
    t = { cos, sin, reversed };
    tables.set(n, t);
  }
  return t;
}
