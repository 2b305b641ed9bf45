/**
 * Shot cuts from tiny RGB frames (one decoding pass: ffmpeg streams them while it writes thumbnails).
 * Each frame is compared with the one before on two signals that see colour, not only brightness:
 *  - changed: the share of pixels whose colour moved by more than PIXEL_STEP in any channel (red to green
 *    of equal brightness changes every pixel; a caption that changes touches a band, a few percent);
 *  - histogram: the distance between the frames' 64-bin colour histograms (a new shot with the same layout
 *    but other colours, or the same colours moved around).
 * A frame is a cut when its score stands out from the clip around it: above an absolute floor and above
 * the local median by a margin, so a shaky or busy shot (whose every frame changes) does not cut itself up.
 */
export const CUT_FRAME_WIDTH = 48;
export const CUT_FRAME_HEIGHT = 27;

const PIXEL_STEP = 24;
const BINS = 4; // per channel: 64 colour bins
const WINDOW_SECONDS = 1; // the surroundings a score is compared with
const PEAK_SECONDS = 0.4; // one cut per this much time at most
const MARGIN = 0.25;

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

  constructor(private readonly fps: number) {}

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
    if (!this.previous) {
      this.scores.push(0);
    } else {
      const changed = changedShare(this.previous.pixels, pixels);
      let distance = 0;
      for (let b = 0; b < histogram.length; b++) distance += Math.abs(histogram[b] - this.previous.histogram[b]);
      this.scores.push(Math.max(changed, distance / 2));
    }
    this.previous = { pixels: Buffer.from(pixels), histogram };
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

function changedShare(a: Buffer, b: Buffer): number {
  let changed = 0;
  for (let p = 0; p < a.length; p += 3) {
    if (Math.abs(a[p] - b[p]) > PIXEL_STEP || Math.abs(a[p + 1] - b[p + 1]) > PIXEL_STEP || Math.abs(a[p + 2] - b[p + 2]) > PIXEL_STEP)
      changed++;
  }
  return changed / (a.length / 3);
}

function median(xs: number[]): number {
  if (!xs.length) return 0;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}
