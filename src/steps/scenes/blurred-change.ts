/**
 * How much of a picture changed between two frames once any motion blur along a line is taken out: a fast camera's
 * frame is the picture before laid over itself at the positions the camera passed while the shutter was open, in
 * whatever proportions (a smear, a few sharp exposures, a shift). The frame is fitted, by least squares, as a blend
 * of the frame before shifted along a line (across or down), with weights that are never negative and sum to one
 * (a blur moves light around, it adds none), and the other way round (the blur fading as the camera settles).
 * A new shot is no blend of the old one's shifts; nor is a flash.
 */
import { type FrameSize, greyAt, PIXEL_STEP, type Shifted } from './steadied-change.js';

/** The shifts blended (pixels along the line): every TAP_STEP pixels up to TAP_REACH of the frame's length either way. */
const TAP_REACH = 1 / 2;
const TAP_STEP = 2;
/** How hard the weights are held to summing to one (per pixel, against the grey pixels' squared sizes). */
const SUM_WEIGHT = 1e4;
/** Sweeps of the fit (coordinate descent converges in a few dozen on these small systems). */
const SWEEPS = 40;
/** A pixel is judged only where at most this share of its blend comes from outside the frame. */
const OUTSIDE = 0.1;

/**
 * The least share of pixels changed between `b` and a blend of `a`'s shifts along a line (or `a` and `b`'s), the
 * lines tried being across and down as `lines` says.
 */
export function blurredChange(a: Buffer, b: Buffer, size: FrameSize, lines = { across: true, down: true }): Shifted {
  let best: Shifted = { change: 1, dx: 0, dy: 0 };
  for (const across of [true, false]) {
    if (!(across ? lines.across : lines.down)) continue;
    for (const [from, to, sign] of [
      [a, b, 1],
      [b, a, -1],
    ] as const) {
      const fitted = blendFit(from, to, size, across);
      if (fitted.change < best.change) {
        const shift = Math.round(sign * fitted.shift);
        best = { change: fitted.change, dx: across ? shift : 0, dy: across ? 0 : shift };
      }
    }
  }
  return best;
}

/** `to` as a blend of `from`'s shifts along one line: the share of pixels it misses, and the blend's mean shift. */
function blendFit(from: Buffer, to: Buffer, size: FrameSize, across: boolean): { change: number; shift: number } {
  const { width: w, height: h } = size;
  const length = across ? w : h;
  const reach = Math.floor((length * TAP_REACH) / TAP_STEP) * TAP_STEP;
  const shifts: number[] = [];
  for (let s = -reach; s <= reach; s += TAP_STEP) shifts.push(s);
  const n = w * h;
  const source = (x: number, y: number, s: number) => (across ? [x - s, y] : [x, y - s]);
  const clamp = (v: number, hi: number) => (v < 0 ? 0 : v > hi ? hi : v);
  // The grey picture at each shift (edges repeated), fitted to the grey target.
  const greyFrom = grey(from, n);
  const greyTo = grey(to, n);
  const taps = shifts.map((s) => {
    const out = new Float64Array(n);
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        const [sx, sy] = source(x, y, s);
        out[y * w + x] = greyFrom[clamp(sy, h - 1) * w + clamp(sx, w - 1)];
      }
    return out;
  });
  const weights = nonNegativeFit(taps, greyTo, shifts.indexOf(0));
  const k = shifts.length;
  // The blend in colour, judged as the other changes are: pixels off by more than PIXEL_STEP in a channel.
  let changed = 0;
  let judged = 0;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const colour = [0, 0, 0];
      let outside = 0;
      for (let t = 0; t < k; t++) {
        if (weights[t] === 0) continue;
        const [sx, sy] = source(x, y, shifts[t]);
        if (sx < 0 || sy < 0 || sx >= w || sy >= h) outside += weights[t];
        const q = (clamp(sy, h - 1) * w + clamp(sx, w - 1)) * 3;
        for (let c = 0; c < 3; c++) colour[c] += weights[t] * from[q + c];
      }
      if (outside > OUTSIDE) continue;
      judged++;
      const p = (y * w + x) * 3;
      if (
        Math.abs(colour[0] - to[p]) > PIXEL_STEP ||
        Math.abs(colour[1] - to[p + 1]) > PIXEL_STEP ||
        Math.abs(colour[2] - to[p + 2]) > PIXEL_STEP
      )
        changed++;
    }
  let total = 0;
  let moment = 0;
  for (let t = 0; t < k; t++) [total, moment] = [total + weights[t], moment + weights[t] * shifts[t]];
  return { change: judged * 2 >= n ? changed / judged : 1, shift: total > 0 ? moment / total : 0 };
}

/**
 * The weights, never negative and held to summing to one, of the `taps` that best fit `target` (least squares,
 * by coordinate descent from all the weight on tap `start`).
 */
function nonNegativeFit(taps: Float64Array[], target: Float64Array, start: number): Float64Array {
  const [k, n] = [taps.length, target.length];
  const gram = new Float64Array(k * k);
  const rhs = new Float64Array(k);
  for (let i = 0; i < k; i++) {
    for (let j = i; j < k; j++) {
      let d = 0;
      const [ti, tj] = [taps[i], taps[j]];
      for (let p = 0; p < n; p++) d += ti[p] * tj[p];
      gram[i * k + j] = gram[j * k + i] = d + SUM_WEIGHT * n;
    }
    let d = 0;
    for (let p = 0; p < n; p++) d += taps[i][p] * target[p];
    rhs[i] = d + SUM_WEIGHT * n;
  }
  const weights = new Float64Array(k);
  weights[start] = 1;
  for (let sweep = 0; sweep < SWEEPS; sweep++)
    for (let i = 0; i < k; i++) {
      let r = rhs[i];
      for (let j = 0; j < k; j++) if (j !== i) r -= gram[i * k + j] * weights[j];
      weights[i] = Math.max(0, r / gram[i * k + i]);
    }
  return weights;
}

function grey(pixels: Buffer, n: number): Float64Array {
  const out = new Float64Array(n);
  for (let p = 0; p < n; p++) out[p] = greyAt(pixels, 3 * p);
  return out;
}
