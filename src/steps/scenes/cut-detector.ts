/**
 * Shot cuts from tiny RGB frames (one decoding pass: ffmpeg streams them while it writes thumbnails).
 * Each frame is compared with the one before on two signals that see colour, not only brightness:
 *  - changed: the share of pixels whose colour moved by more than PIXEL_STEP in any channel (red to green
 *    of equal brightness changes every pixel; a caption that changes touches a band, a few percent);
 *  - histogram: the distance between the frames' 64-bin colour histograms (a new shot with the same layout
 *    but other colours, or the same colours moved around).
 * A frame is a cut when its score stands out from the clip around it: above an absolute floor and above
 * the local median by a margin, so a shaky or busy shot (whose every frame changes) does not cut itself up.
 * A hand-held camera moves the picture by up to a pixel of these frames from one frame to the next: the
 * pixels changed are counted after the best such shift, so a jolt of the camera is not a cut.
 * Cross-fades and fades through black are found beside the cuts (gradual-transitions.ts).
 */

import { median } from '../../imaging/median.js';
import { FADE_GAP, GradualTransitionFinder, histogramDistance } from './gradual-transitions.js';

export const CUT_FRAME_WIDTH = 48;
export const CUT_FRAME_HEIGHT = 27;

const PIXEL_STEP = 24;
const BINS = 4; // per channel: 64 colour bins
const WINDOW_SECONDS = 1; // the surroundings a score is compared with
const PEAK_SECONDS = 0.4; // one cut per this much time at most
const MARGIN = 0.25;
/** Camera shake is looked for (the shifted comparisons) only when more than this share of pixels changed. */
const SHAKE_GATE = 0.2;
/** A gradual transition and a cut this close to its span (seconds) are one boundary. */
const SAME_BOUNDARY = 0.3;

export interface CutCandidate {
  time: number;
  score: number;
}

export class CutDetector {
  private readonly frameBytes = CUT_FRAME_WIDTH * CUT_FRAME_HEIGHT * 3;
  private pending: Buffer = Buffer.alloc(0);
  private previous: { pixels: Buffer; histogram: Float64Array } | null = null;
  /** Score of frame i against frame i-1 (frame 0 scores 0). */
  readonly scores: number[] = [];
  private readonly gradual: GradualTransitionFinder;

  constructor(private readonly fps: number) {
    this.gradual = new GradualTransitionFinder(fps);
  }

  /** Raw rgb24 bytes, in any chunking. */
  push(chunk: Buffer): void {
    this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    let offset = 0;
    while (this.pending.length - offset >= this.frameBytes) {
      this.frame(this.pending.subarray(offset, offset + this.frameBytes));
      offset += this.frameBytes;
    }
    this.pending = Buffer.from(this.pending.subarray(offset));
  }

  private frame(pixels: Buffer): void {
    const histogram = colourHistogram(pixels);
    const copy = Buffer.from(pixels);
    if (!this.previous) {
      this.scores.push(0);
    } else {
      const changed = changedShare(this.previous.pixels, copy, 0, 0);
      const steadied = changed > SHAKE_GATE ? shiftedChange(this.previous.pixels, copy) : changed;
      this.scores.push(Math.max(steadied, histogramDistance(histogram, this.previous.histogram)));
    }
    this.previous = { pixels: copy, histogram };
    this.gradual.push(copy, histogram);
  }

  /**
   * Every shot boundary: the cuts (see `cuts`) and the gradual transitions, each at the middle of its span. A cut
   * within a transition's span, or a cut from (to) the black a fade went into (came out of), is part of that transition.
   * `duration` is the video's, in seconds.
   */
  boundaries(floor: number, duration: number): CutCandidate[] {
    const gradual = this.gradual.transitions(duration);
    // A cut in a transition's span belongs to that one before any other's black: two fades a shot apart would
    // otherwise both claim the cut that starts the second.
    const partOf = (c: CutCandidate) =>
      gradual.find((g) => c.time >= g.start - SAME_BOUNDARY && c.time <= g.end + SAME_BOUNDARY) ??
      gradual.find(
        (g) =>
          (g.toFlat && c.time > g.end && c.time <= g.end + FADE_GAP) || (g.fromFlat && c.time < g.start && c.time >= g.start - FADE_GAP),
      );
    const cuts: CutCandidate[] = [];
    for (const c of this.cuts(floor)) {
      const g = partOf(c);
      if (!g) cuts.push(c);
      else [g.start, g.end] = [Math.min(g.start, c.time), Math.max(g.end, c.time)];
    }
    return [...cuts, ...gradual.map((g) => ({ time: (g.start + g.end) / 2, score: g.score }))].sort((a, b) => a.time - b.time);
  }

  /** Cut candidates: local peaks that stand out from their surroundings; `floor` is the minimum score (0-1). */
  cuts(floor: number): CutCandidate[] {
    const s = this.scores;
    const half = Math.max(2, Math.round(WINDOW_SECONDS * this.fps));
    const peak = Math.max(1, Math.round(PEAK_SECONDS * this.fps));
    const out: CutCandidate[] = [];
    for (let i = 1; i < s.length; i++) {
      if (s[i] < floor) continue;
      // Only the strongest change nearby counts (the first of equals): one cut, not its neighbourhood.
      if (s.slice(Math.max(1, i - peak), i).some((x) => x >= s[i]) || s.slice(i + 1, i + 1 + peak).some((x) => x > s[i])) continue;
      const around = [...s.slice(Math.max(1, i - half), i), ...s.slice(i + 1, i + 1 + half)];
      if (s[i] < median(around) + MARGIN) continue;
      out.push({ time: i / this.fps, score: s[i] });
    }
    return out;
  }
}

function colourHistogram(pixels: Buffer): Float64Array {
  const h = new Float64Array(BINS * BINS * BINS);
  const step = 256 / BINS;
  const n = pixels.length / 3;
  for (let p = 0; p < pixels.length; p += 3) {
    h[Math.floor(pixels[p] / step) * BINS * BINS + Math.floor(pixels[p + 1] / step) * BINS + Math.floor(pixels[p + 2] / step)] += 1 / n;
  }
  return h;
}

/** The least share of pixels changed with `b` shifted by up to one pixel each way against `a`. */
function shiftedChange(a: Buffer, b: Buffer): number {
  let least = 1;
  for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) least = Math.min(least, changedShare(a, b, dx, dy));
  return least;
}

/** Share of the pixels of `b` (shifted by dx, dy; the overlap only) whose colour differs from `a`'s. */
function changedShare(a: Buffer, b: Buffer, dx: number, dy: number): number {
  const w = CUT_FRAME_WIDTH;
  let changed = 0;
  let n = 0;
  for (let y = Math.max(0, dy); y < CUT_FRAME_HEIGHT + Math.min(0, dy); y++) {
    for (let x = Math.max(0, dx); x < w + Math.min(0, dx); x++) {
      const p = (y * w + x) * 3;
      const q = ((y - dy) * w + (x - dx)) * 3;
      n++;
      if (Math.abs(a[q] - b[p]) > PIXEL_STEP || Math.abs(a[q + 1] - b[p + 1]) > PIXEL_STEP || Math.abs(a[q + 2] - b[p + 2]) > PIXEL_STEP)
        changed++;
    }
  }
  return changed / n;
}
