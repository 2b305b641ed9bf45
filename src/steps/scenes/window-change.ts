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
 *    slide, one shot pushing the other out): only the colours can tell, and they must differ much;
 *  - a run of changed windows whose outer frames still overlap at the camera's shift and line up there (see
 *    linesUp): a camera that swung to another part of one picture, which may have other colours. A slide's outer
 *    frames are two whole pictures a frame's width apart, with nothing in common to line up.
 */
import { type Structure, structureChange } from './fine-structure.js';
import { histogramDistance } from './gradual-transitions.js';
import { changedShare, coarseShift, type FrameSize, REACH, type SteadyFrame, steadiedOrZoomedChange } from './steadied-change.js';

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
  /** Its structure at twice the size (fine-structure.ts), where two low-detail pictures differ; worked out when asked. */
  structure?: () => Structure;
  /** Its detail at the compared size (see the cut detector's MIN_DETAIL). */
  detail?: number;
}

export interface WindowTransition {
  start: number;
  end: number;
  score: number;
  /** Found by the pictures' structure (which needs no detail at the compared size). */
  structural?: boolean;
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
/** ... unless the ends still overlap by this share of the frame each way, and line up there (see linesUp). */
const OVERLAP = 0.25;
/** The camera's tracked move over a run (share of the width or height) from which its ends are tried for lining up. */
const PANNED = 1 / 6;
/** Pixels the camera's tracked shift may be off by over a window (its frame-to-frame shifts summed). */
const TRACKING_ERROR = 3;

/**
 * Where neither the pixels nor the colours tell, the structures of the window's ends (fine-structure.ts) must
 * differ by STRUCTURE_CHANGED at least, by STRUCTURE_MARGIN more than those of the frames as far apart before the
 * window or after it (a picture that changes by itself, `life`, a zoom, differs as much beside the window), and
 * one end must have STRUCTURE_AMOUNT of structure (colour fields drifting have none). Seeds 1-5.
 */
const STRUCTURE_CHANGED = 0.55;
const STRUCTURE_MARGIN = 0.25;
const STRUCTURE_AMOUNT = 1.5;
/** Structures this alike at the camera's tracked shift are taken as they are (no shift searched). */
const ALIKE = 0.2;
/** The structures are looked at only where an end has less detail than this at the compared size. */
const LOW_DETAIL = 2.5;

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
  /** Whether each window found changed was found by the structures alone. */
  private readonly structural: boolean[][];
  /** The last frames' structures (far enough back for the frames beside the longest window). */
  private readonly recent: Array<WindowFrame | undefined> = [];
  /** Windows the pixels and colours did not tell, to be judged by the structures once the frames after them are in. */
  private pending: Array<{ h: number; centre: number; k: number }> = [];
  /** Whether each run of changed windows ("h:first:last") joins frames that line up (see linesUp). */
  private readonly runs = new Map<string, boolean>();
  /** structureBetween's answers by pair of frames (a window's ends are the frames beside another's). */
  private readonly between = new Map<number, { value: number | undefined; searched: boolean }>();

  constructor(
    private readonly fps: number,
    private readonly size: FrameSize,
  ) {
    this.halves = HALF_WINDOWS.map((s) => Math.max(2, Math.round(s * fps)));
    this.changed = this.halves.map(() => []);
    this.structural = this.halves.map(() => []);
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
    this.recent.push(frame);
    if (this.recent.length > 6 * longest + 1) this.recent[this.recent.length - 6 * longest - 2] = undefined;
    this.halves.forEach((k, h) => {
      const centre = n - k;
      if (centre < 0) return;
      const verdict = this.isChange(centre - k, n);
      this.changed[h][centre] = verdict === true;
      if (verdict === undefined) this.pending.push({ h, centre, k });
      // A run of changed windows long enough to be a transition just ended: its outer frames are still at hand.
      if (!this.changed[h][centre] && this.changed[h][centre - 1]) {
        let i = centre - 1;
        while (i > 0 && this.changed[h][i - 1]) i--;
        if (centre - i >= k) this.panned(h, i, centre - 1);
      }
    });
    this.judgePending(n, false);
  }

  /** Judges the pending windows whose frames after are in (all of them at the end: `all`). */
  private judgePending(n: number, all: boolean): void {
    const left: typeof this.pending = [];
    for (const w of this.pending) {
      if (!all && w.centre + 3 * w.k > n) left.push(w);
      else if (this.structurallyChanged(w.centre, w.k, n)) [this.changed[w.h][w.centre], this.structural[w.h][w.centre]] = [true, true];
    }
    this.pending = left;
  }

  /** Whether the window of half k centred on frame c joins two differently structured pictures (see STRUCTURE_CHANGED). */
  private structurallyChanged(c: number, k: number, last: number): boolean {
    // The amounts first: they are cheap, the change across the window is a shift search.
    const a = this.recent[c - k]?.structure?.();
    const b = this.recent[c + k]?.structure?.();
    if (!a || !b || Math.max(a.amount, b.amount) < STRUCTURE_AMOUNT) return false;
    const across = this.structureBetween(c - k, c + k, STRUCTURE_CHANGED);
    if (across === undefined || across < STRUCTURE_CHANGED) return false;
    const enough = across - STRUCTURE_MARGIN;
    const beside = [
      this.structureBetween(c - 3 * k, c - k, enough),
      c + 3 * k <= last ? this.structureBetween(c + k, c + 3 * k, enough) : undefined,
    ];
    const known = beside.filter((x): x is number => x !== undefined);
    return known.length > 0 && across >= Math.min(...known) + STRUCTURE_MARGIN;
  }

  /**
   * How differently structured frame `to` is from frame `from`, the camera's tracked motion between them taken out;
   * or, where a shift tried first already gives less than `decisive`, that (an upper bound: the caller's verdict is
   * the same, and the rest of the shift search is spared).
   */
  private structureBetween(from: number, to: number, decisive: number): number | undefined {
    if (from < 0 || to >= this.x.length) return undefined;
    const key = from * 4096 + (to - from);
    const known = this.between.get(key);
    if (known && (known.searched || (known.value ?? 1) < decisive)) return known.value;
    const found = this.measureBetween(from, to, decisive);
    this.between.set(key, found);
    if (this.between.size > 4096) this.between.delete(this.between.keys().next().value as number);
    return found.value;
  }

  private measureBetween(from: number, to: number, decisive: number): { value: number | undefined; searched: boolean } {
    const [fa, fb] = [this.recent[from], this.recent[to]];
    const [a, b] = [fa?.structure?.(), fb?.structure?.()];
    if (!fa || !fb || !a || !b || this.jumps[to] - this.jumps[from] > 0) return { value: undefined, searched: true };
    // The camera's shift between the two frames, searched on their softened half-size copies (4 pixels of the
    // structure's each), then refined around it at the structure's size; or the tracked shift, if that fits better.
    const scale = a.width / this.size.width;
    const [dx, dy] = [Math.round(scale * (this.x[to] - this.x[from])), Math.round(scale * (this.y[to] - this.y[from]))];
    const far = Math.abs(dx) > a.width * REACH || Math.abs(dy) > a.height * REACH;
    // Alike at the tracked shift (or a pixel off it): no search needed (the bars are well above such a change).
    const enough = Math.max(ALIKE, decisive);
    const exact = far ? 1 : structureChange(a, b, dx, dy, 0);
    if (exact < enough) return { value: exact, searched: exact < ALIKE };
    const tracked = far ? 1 : structureChange(a, b, dx, dy);
    if (tracked < enough) return { value: tracked, searched: tracked < ALIKE };
    const [sx, sy] = coarseShift(fa.soft.half, fb.soft.half, this.size.width >> 1, this.size.height >> 1);
    return { value: Math.min(tracked, structureChange(a, b, 2 * scale * sx, 2 * scale * sy, scale)), searched: true };
  }

  /** true: a change of shot; false: none; undefined: the pixels and colours cannot tell (the structures may). */
  private isChange(from: number, to: number): boolean | undefined {
    const a = this.frames[from - this.first];
    const b = this.frames[to - this.first];
    const jumped = this.jumps[to] - this.jumps[from];
    if (!a || !b || (jumped > 0 && this.busy[to] - this.busy[from] < SUSTAINED * (to - from))) return false;
    const moved = [Math.abs(this.x[to] - this.x[from]) / this.size.width, Math.abs(this.y[to] - this.y[from]) / this.size.height];
    const colours = histogramDistance(a.histogram, b.histogram);
    if (moved[0] > REACH || moved[1] > REACH) return colours >= FAR_HISTOGRAM;
    // The structures judge only a window of small steps (a fast camera's far shift may be lost to the search).
    const fine =
      jumped === 0 &&
      this.busy[to] === this.busy[from] &&
      a.structure !== undefined &&
      (colours < MIN_HISTOGRAM || Math.min(a.detail ?? 0, b.detail ?? 0) < LOW_DETAIL)
        ? undefined
        : false;
    if (colours < MIN_HISTOGRAM) return fine;
    return steadiedOrZoomedChange(a.soft, b.soft, this.size) >= MIN_CHANGED || fine;
  }

  /** Whether the run of changed windows of half-window h centred on frames i to j is a camera's move (see linesUp), remembered. */
  private panned(h: number, i: number, j: number): boolean {
    const k = this.halves[h];
    const key = `${h}:${i}:${j}`;
    let known = this.runs.get(key);
    if (known === undefined) this.runs.set(key, (known = this.linesUp(i - k, j + k)));
    return known;
  }

  /**
   * Whether frames `from` and `to`, with the camera moving far between them (PANNED or more), line up where they
   * overlap at its tracked shift (or a few pixels off it, the tracking's error): a camera that moved beyond the shift
   * search's reach still shows, in what stays in view, the picture it left; a slide brings another picture there.
   */
  private linesUp(from: number, to: number): boolean {
    const [a, b] = [this.recent[from], this.recent[to]];
    if (!a || !b || this.jumps[to] - this.jumps[from] > 0) return false;
    const [dx, dy] = [Math.round(this.x[to] - this.x[from]), Math.round(this.y[to] - this.y[from])];
    const { width, height } = this.size;
    if (Math.abs(dx) < PANNED * width && Math.abs(dy) < PANNED * height) return false;
    const [mx, my] = [Math.floor((1 - OVERLAP) * width), Math.floor((1 - OVERLAP) * height)];
    if (Math.abs(dx) > mx || Math.abs(dy) > my) return false;
    // The tracking falls behind a fast camera's blurred frames, never ahead: along the motion, every shift beyond it too.
    const across = Math.abs(dx) >= Math.abs(dy);
    const span = (d: number, most: number, along: boolean): [number, number] =>
      !along ? [d - TRACKING_ERROR, d + TRACKING_ERROR] : d >= 0 ? [d - TRACKING_ERROR, most] : [-most, d + TRACKING_ERROR];
    const [[x0, x1], [y0, y1]] = [span(dx, mx, across), span(dy, my, !across)];
    let least = 1;
    for (let y = Math.max(-my, y0); y <= Math.min(my, y1); y++)
      for (let x = Math.max(-mx, x0); x <= Math.min(mx, x1); x++)
        least = Math.min(least, changedShare(a.soft.pixels, b.soft.pixels, x, y, this.size, least));
    return least < MIN_CHANGED;
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
    this.judgePending(this.x.length - 1, true);
    const found: WindowTransition[] = [];
    this.halves.forEach((k, h) => {
      const c = this.changed[h];
      for (let i = 0; i < c.length; i++) {
        if (!c[i]) continue;
        let j = i;
        while (j + 1 < c.length && c[j + 1]) j++;
        if (j - i + 1 >= k && !this.panned(h, i, j)) {
          const middle = (i + j) / 2;
          const structural = this.structural[h].slice(i, j + 1).some((x) => x);
          found.push({ start: (middle - k / 2) / this.fps, end: (middle + k / 2) / this.fps, score: (j - i + 1) / (2 * k), structural });
        }
        i = j;
      }
    });
    return found;
  }
}
