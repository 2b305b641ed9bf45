/**
 * Gradual transitions of any kind (wipes, slides, irises, pixelations, dissolves): the picture before a window and
 * the picture after it are different shots, though no frame in between jumps from the one before. For each moment
 * and half-window k, the frames k before and k after are compared, softened (a small zoom or a shift by part of a
 * pixel changes every sharp edge) and with the camera's motion taken out, as for cuts; a transition of up to 2k
 * frames makes that change large over a run of about 2k moments centred on its middle, whatever is done to the
 * pixels in between. What is no transition:
 *  - a window in which the picture jumps from one frame to the next in a few frames: that is a cut (found as such),
 *    a flash or a camera too fast to follow, and the window is not judged (unless most of its frames changed
 *    much: a transition that redraws the picture every frame, see SUSTAINED);
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
  /** The share of the pixels changed from the frame before at the shift that explains most (0-1). */
  unexplained: number;
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

/**
 * A window in which the picture jumped is judged all the same when at least this share of its frames changed by
 * BUSY_STEP or more at their best shift: a cut, a flash or a whip changes a few frames so, while a transition that
 * redraws the picture every frame (a pixelation over a moving picture) changes most, jumping in some and lining up
 * by chance at a far shift in others, so no frame of it stands out as a cut (seeds 1-5: a share of 0.5-0.67 alike,
 * 0.34 cut a whip and split a pixelation, 0.8 split it; a step of 0.3 and 0.5 alike, 0.2 cut a whip).
 */
const SUSTAINED = 0.6;
/** As much change as the cut floor's (the step's default threshold). */
const BUSY_STEP = 0.3;

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
  /** Running count of the frames changed by BUSY_STEP or more (see SUSTAINED). */
  private readonly busy: number[] = [];
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
    this.busy.push((n ? this.busy[n - 1] : 0) + (frame.unexplained >= BUSY_STEP ? 1 : 0));
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
    const jumped = this.jumps[to] - this.jumps[from];
    if (!a || !b || (jumped > 0 && this.busy[to] - this.busy[from] < SUSTAINED * (to - from))) return false;
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
