/**
 * Gradual shot changes (cross-fades, fades through black) from the tiny RGB frames the cut detector sees.
 * A cross-fade's frames are mixes of the two shots: frame j = (1 - a_j) * A + a_j * B, with a_j rising from
 * 0 to 1. For a window of frames around each moment (its first frame A, its last B), a_j is fitted to every
 * frame in between by least squares on the pixels A and B differ in; the window is a transition when
 *  - A and B are different shots: most pixels changed, and the colour histograms differ (a pan, zoom or shake
 *    of one shot keeps its colours);
 *  - every frame is such a mix, within a small residual (a moving camera is not: its frames are the scene
 *    shifted, not blended), with a_j rising steadily through the middle (a cut jumps from 0 to 1);
 *  - B is not A relit (a change of exposure is a mix too, of the same picture);
 *  - the middle frame is not one end moved (moved-end.ts): a camera panning off a coloured part of a picture into
 *    a flat one is a fade into a flat colour, to the mix.
 * A fade through black is two such windows (into black, out of black), merged into one boundary at its middle.
 * The frames are kept only as long as the longest window needs them.
 */
import { movedEndError } from './moved-end.js';
import type { FrameSize } from './steadied-change.js';

export interface GradualTransition {
  /** Seconds: where the mix starts (a about 0.1), where it ends (a about 0.9), and the boundary between them. */
  start: number;
  end: number;
  time: number;
  /** 1 - the worst frame's residual: how well the frames fit a mix of the two shots. */
  score: number;
}

/** Half-windows tried (seconds): transitions of about 0.3 to 1.5 s. */
const HALF_WINDOWS = [0.24, 0.36, 0.48, 0.64, 0.8, 1];
/**
 * A mix of two different pictures has less contrast than either (their details average out): the middle frame's
 * variance against the variance its ends would give it. Measured: cross-fades and fades 0.56-0.78, a pan, zoom
 * or shake of one shot 0.97-1.01 (the frames of a moving camera also fit as mixes, loosely).
 */
const MAX_DIP = 0.85;
/** A pixel channel takes part in the fit when the two ends differ by more than this (0-255). */
const CHANNEL_STEP = 30;
/** At least this share of pixels differs between the two ends (as for a cut). */
const MIN_CHANGED = 0.3;
/** Their colour histograms differ by at least this much (0-1). Measured: a pan, zoom or shake of one shot stays under 0.1. */
const MIN_HISTOGRAM = 0.15;
/** The worst frame's residual, against the size of the change. Measured: cross-fades 0.1-0.3 (the more the shots move, the more). */
const MAX_RESIDUAL = 0.3;
/** B explained by A through one gain and offset per channel this well (R squared) is A relit, not another shot. */
const RELIT = 0.85;
/**
 * The middle frame is one end moved, no mix, when that fits it with an error within this many times the mix's
 * (seeds 1-5: 1, 1.25 and 1.5 tried; 1.25 and 1.5 alike).
 */
const CAMERA_FIT = 1.25;
/** A frame this even (standard deviation of each channel, 0-255) is black or a flat colour: a fade's far end. */
const FLAT = 10;

interface Frame {
  pixels: Buffer;
  histogram: Float64Array;
  /** Standard deviation of the colours (summed over channels, as variance): how much there is to see. */
  spread: number;
}

/** A transition found in one window; `fromFlat`/`toFlat`: it starts from or ends in black (or a flat colour). */
interface Found extends GradualTransition {
  fromFlat: boolean;
  toFlat: boolean;
}

/** A fade out to black and the fade in after it this far apart (seconds) are one boundary; so is a cut from the black. */
export const FADE_GAP = 1.2;

/** Finds gradual transitions in a stream of frames (push them in order), then lists them with `transitions`. */
export class GradualTransitionFinder {
  private readonly window: Frame[] = [];
  /** Index of window[0] in the stream. */
  private first = 0;
  private readonly halves: number[];
  private readonly found: Found[] = [];

  constructor(
    private readonly fps: number,
    private readonly size: FrameSize,
  ) {
    this.halves = HALF_WINDOWS.map((s) => Math.max(3, Math.round(s * fps)));
  }

  push(pixels: Buffer, histogram: Float64Array): void {
    this.window.push({ pixels, histogram, spread: spread(pixels) });
    const longest = this.halves[this.halves.length - 1];
    // The newest frame is the far end B of each half-window k, centred k frames back.
    const last = this.first + this.window.length - 1;
    for (const k of this.halves) this.consider(last - k, k);
    if (this.window.length > 2 * longest + 1) {
      this.window.shift();
      this.first++;
    }
  }

  /**
   * The transitions found, one per boundary, in time order, each at the middle of its span: overlapping windows
   * of one transition merged, and a fade into black merged with the fade out of it. `duration` in seconds.
   */
  transitions(duration: number): Array<GradualTransition & { fromFlat: boolean; toFlat: boolean }> {
    const merged: Found[] = [];
    for (const t of [...this.found].sort((a, b) => a.start - b.start)) {
      const prev = merged[merged.length - 1];
      if (prev && (t.start <= prev.end + 0.3 || (prev.toFlat && t.fromFlat && t.start <= prev.end + FADE_GAP))) {
        prev.end = Math.max(prev.end, t.end);
        prev.score = Math.max(prev.score, t.score);
        prev.toFlat ||= t.toFlat;
        prev.fromFlat ||= t.fromFlat;
        continue;
      }
      merged.push({ ...t });
    }
    // A fade in from black at the very start, or out to black at the very end, is no boundary between shots.
    return merged.map((t) => ({ ...t, time: (t.start + t.end) / 2 })).filter((t) => t.start > 0.3 && t.end < duration - 0.3);
  }

  private frame(i: number): Frame | undefined {
    return this.window[i - this.first];
  }

  /** The window of half-width k around `centre`, tried from the cheapest test to the dearest. */
  private consider(centre: number, k: number): void {
    const a = this.frame(centre - k);
    const b = this.frame(centre + k);
    const m = this.frame(centre);
    if (!a || !b || !m || histogramDistance(a.histogram, b.histogram) < MIN_HISTOGRAM) return;
    const mix = Mix.between(a.pixels, b.pixels);
    const middle = mix?.fit(m.pixels);
    if (!mix || !middle || middle.alpha < 0.25 || middle.alpha > 0.75) return;
    if (m.spread / ((1 - middle.alpha) * a.spread + middle.alpha * b.spread) > MAX_DIP) return;
    const [fromFlat, toFlat] = [flatSpread(a.spread), flatSpread(b.spread)];
    if (!fromFlat && !toFlat && relitShare(a.pixels, b.pixels) >= RELIT) return;
    const alphas: number[] = [];
    let residual = middle.error;
    for (let i = centre - k + 1; i < centre + k; i++) {
      const f = i === centre ? middle : mix.fit(this.frame(i)!.pixels);
      if (!f) return;
      alphas.push(f.alpha);
      residual = Math.max(residual, f.error);
    }
    if (alphas.filter((x) => x > 0.1 && x < 0.9).length < 3 || !rising(alphas)) return;
    // A camera over one picture: one end moved fits the middle about as well as the mix (moved-end.ts).
    if (mix.movedEndError(m.pixels, this.size) <= middle.error * CAMERA_FIT) return;
    const at = (j: number) => (centre - k + 1 + j) / this.fps;
    const start = at(alphas.findIndex((x) => x > 0.1));
    const end = at(alphas.length - 1 - [...alphas].reverse().findIndex((x) => x < 0.9));
    this.found.push({ start, end, time: (start + end) / 2, score: 1 - residual, fromFlat, toFlat });
  }
}

/**
 * The channel indices a Mix fits on. One buffer, reused by every window: a Mix lives only while one window is
 * considered, and building an array per window (six windows a frame) cost more in garbage collection than the fit.
 */
let scratch = new Int32Array(0);

/** Frames as (1 - alpha) * a + alpha * b, fitted by least squares over the pixel channels in which a and b differ. */
class Mix {
  private constructor(
    private readonly a: Buffer,
    private readonly b: Buffer,
    private readonly channels: Int32Array,
    private readonly count: number,
    private readonly energy: number,
    private readonly size: number,
  ) {}

  /** Null when too few pixels differ for a change of shot. */
  static between(a: Buffer, b: Buffer): Mix | null {
    if (scratch.length < a.length) scratch = new Int32Array(a.length);
    const channels = scratch;
    let count = 0;
    let pixels = 0;
    let energy = 0;
    let size = 0;
    for (let p = 0; p < a.length; p += 3) {
      const before = count;
      for (let c = p; c < p + 3; c++) {
        const d = b[c] - a[c];
        if (Math.abs(d) > CHANNEL_STEP) {
          channels[count++] = c;
          energy += d * d;
          size += Math.abs(d);
        }
      }
      if (count > before) pixels++;
    }
    if (pixels < MIN_CHANGED * (a.length / 3)) return null;
    return new Mix(a, b, channels, count, energy, size);
  }

  /** The error of `m` against either end moved (moved-end.ts), in the units of `fit`'s. */
  movedEndError(m: Buffer, size: FrameSize): number {
    return movedEndError(this.a, this.b, m, this.channels, this.count, size);
  }

  /** The frame's alpha and its mean error against the mean size of the change; null when it is no such mix. */
  fit(m: Buffer): { alpha: number; error: number } | null {
    const { a, b, channels, count } = this;
    let dot = 0;
    for (let i = 0; i < count; i++) {
      const p = channels[i];
      dot += (m[p] - a[p]) * (b[p] - a[p]);
    }
    const alpha = dot / this.energy;
    let error = 0;
    for (let i = 0; i < count; i++) {
      const p = channels[i];
      error += Math.abs(m[p] - a[p] - alpha * (b[p] - a[p]));
    }
    return error / this.size > MAX_RESIDUAL ? null : { alpha, error: error / this.size };
  }
}

/** The mix moves one way: nine steps in ten do not fall back (by more than a little noise). */
function rising(alphas: number[]): boolean {
  let up = 0;
  for (let j = 1; j < alphas.length; j++) if (alphas[j] >= alphas[j - 1] - 0.03) up++;
  return up >= 0.9 * (alphas.length - 1);
}

/** R squared of `b` predicted from `a` by one gain and offset per channel. */
function relitShare(a: Buffer, b: Buffer): number {
  let explained = 0;
  let total = 0;
  for (let c = 0; c < 3; c++) {
    let [n, sa, sb, saa, sbb, sab] = [0, 0, 0, 0, 0, 0];
    for (let p = c; p < a.length; p += 3) {
      n++;
      sa += a[p];
      sb += b[p];
      saa += a[p] * a[p];
      sbb += b[p] * b[p];
      sab += a[p] * b[p];
    }
    const va = saa - (sa * sa) / n;
    const vb = sbb - (sb * sb) / n;
    const cov = sab - (sa * sb) / n;
    if (va > 0) explained += (cov * cov) / va;
    total += vb;
  }
  return total > 0 ? explained / total : 1;
}

/** Whether a frame is black or a flat colour (see FLAT). */
export function isFlat(pixels: Buffer): boolean {
  return flatSpread(spread(pixels));
}

/** Whether a frame of this spread (spread()) is flat. */
function flatSpread(frameSpread: number): boolean {
  return frameSpread < FLAT ** 2 * 3;
}

function spread(pixels: Buffer): number {
  let v = 0;
  for (let c = 0; c < 3; c++) {
    let [n, s, ss] = [0, 0, 0];
    for (let p = c; p < pixels.length; p += 3) {
      n++;
      s += pixels[p];
      ss += pixels[p] * pixels[p];
    }
    v += ss / n - (s / n) ** 2;
  }
  return v;
}

export function histogramDistance(a: Float64Array, b: Float64Array): number {
  let d = 0;
  for (let i = 0; i < a.length; i++) d += Math.abs(a[i] - b[i]);
  return d / 2;
}
