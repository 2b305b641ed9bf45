/**
 * Gradual transitions of any kind (wipes, slides, irises, pixelations, dissolves): the picture before a window and
 * the picture after it are different shots, though no frame in between jumps from the one before. For each moment
 * and half-window k, the frames k before and k after are compared, softened (a small zoom or a shift by part of a
 * pixel changes every sharp edge) and with the camera's motion taken out, as for cuts; a transition of up to 2k
 * frames makes that change large over a run of about 2k moments centred on its middle, whatever is done to the
 * pixels in between. What is no transition:
 *  - a window in which the picture jumps from one frame to the next: that is a cut (found as such), a flash or
 *    a camera too fast to follow, and the window is not judged;
 *  - a zoom: the ends are compared at a few zooms too, and their colour histograms must differ as well;
 *  - a window over which the camera moved farther than the shift search reaches (a whip pan over one picture, or a
 *    slide, one shot pushing the other out): only the colours can tell, and they must differ much.
 */
import { histogramDistance } from './gradual-transitions.js';
import { type FrameSize, REACH, type SteadyFrame, steadiedOrZoomedChange } from './steadied-change.js';

export interface WindowFrame {
  /** The frame softened (see `softened`). */
  soft: SteadyFrame;
  histogram: Float64Array;
  /** The camera's shift from the frame before (full-size pixels). */
  dx: number;
  dy: number;
  /** The picture jumped from the frame before (no shift explains it): a cut, a flash, a camera too fast to follow. */
  jump: boolean;
}

export interface WindowTransition {
  start: number;
  end: number;
  score: number;
}

/** Half-windows tried (seconds). */
const HALF_WINDOWS = [0.24, 0.48];
/** The two ends differ in this share of their pixels at least, once the camera's motion is taken out. */
const MIN_CHANGED = 0.5;
/** And their colour histograms by this much (a zoom or pan over one picture stays under it). */
const MIN_HISTOGRAM = 0.2;

/** Over a window the camera crossed (or one shot pushed the other out, a slide), the colours alone tell: they must differ this much. */
const FAR_HISTOGRAM = 0.5;

export class WindowChangeFinder {
  private readonly frames: WindowFrame[] = [];
  private first = 0;
  /** Running sums of the camera's shifts: x[i], y[i] up to frame i. */
  private readonly x: number[] = [];
  private readonly y: number[] = [];
  /** Running count of the frames that jumped. */
  private readonly jumps: number[] = [];
  private readonly halves: number[];
  /** For each half-window: whether the window centred on each frame is a change of shot. */
  private readonly changed: boolean[][];

  constructor(
    private readonly fps: number,
    private readonly size: FrameSize,
  ) {
    this.halves = HALF_WINDOWS.map((s) => Math.max(2, Math.round(s * fps)));
    this.changed = this.halves.map(() => []);
  }

  push(frame: WindowFrame): void {
    const n = this.x.length;
    this.x.push((n ? this.x[n - 1] : 0) + frame.dx);
    this.y.push((n ? this.y[n - 1] : 0) + frame.dy);
    this.jumps.push((n ? this.jumps[n - 1] : 0) + (frame.jump ? 1 : 0));
    this.frames.push(frame);
    const longest = this.halves[this.halves.length - 1];
    if (this.frames.length > 2 * longest + 1) {
      this.frames.shift();
      this.first++;
    }
    this.halves.forEach((k, h) => {
      const centre = n - k;
      if (centre < 0) return;
      this.changed[h][centre] = this.isChange(centre - k, n);
    });
  }

  private isChange(from: number, to: number): boolean {
    const a = this.frames[from - this.first];
    const b = this.frames[to - this.first];
    if (!a || !b || this.jumps[to] > this.jumps[from]) return false;
    const moved = [Math.abs(this.x[to] - this.x[from]) / this.size.width, Math.abs(this.y[to] - this.y[from]) / this.size.height];
    const colours = histogramDistance(a.histogram, b.histogram);
    if (moved[0] > REACH || moved[1] > REACH) return colours >= FAR_HISTOGRAM;
    if (colours < MIN_HISTOGRAM) return false;
    return steadiedOrZoomedChange(a.soft, b.soft, this.size) >= MIN_CHANGED;
  }

  /** How far the camera moved from frame `from` to frame `to`: the larger of the shares of the width and of the height. */
  travel(from: number, to: number): number {
    const last = this.x.length - 1;
    const [i, j] = [Math.max(0, Math.min(last, from)), Math.max(0, Math.min(last, to))];
    if (j <= i) return 0;
    return Math.max(Math.abs(this.x[j] - this.x[i]) / this.size.width, Math.abs(this.y[j] - this.y[i]) / this.size.height);
  }

  /** The transitions: runs of changed windows at least k long, merged over the half-windows, in time order. */
  transitions(): WindowTransition[] {
    const found: WindowTransition[] = [];
    this.halves.forEach((k, h) => {
      const c = this.changed[h];
      for (let i = 0; i < c.length; i++) {
        if (!c[i]) continue;
        let j = i;
        while (j + 1 < c.length && c[j + 1]) j++;
        if (j - i + 1 >= k) {
          const middle = (i + j) / 2;
          found.push({ start: (middle - k / 2) / this.fps, end: (middle + k / 2) / this.fps, score: (j - i + 1) / (2 * k) });
        }
        i = j;
      }
    });
    return found;
  }
}
