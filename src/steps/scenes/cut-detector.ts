/**
 * Shot boundaries from tiny RGB frames (one decoding pass: ffmpeg streams them while it writes thumbnails).
 * Each frame is compared with the one before on two signals that see colour, not only brightness:
 *  - changed: the share of pixels whose colour moved by more than PIXEL_STEP in any channel, counted at the
 *    shift of the picture that explains most of it (steadied-change.ts), so a shaking, panning or whipping
 *    camera is no cut; a far shift counts only when a frame next to it moved alike (a camera moves smoothly,
 *    while the two framings of a jump cut line up by chance);
 *  - histogram: the distance between the frames' 64-bin colour histograms (a new shot with the same layout
 *    but other colours, or the same colours moved around).
 * A change counts only as far as the pictures before it differ from those just after it: a flash (white, black,
 * any few frames) changes the picture and gives it back (over a busy picture, back as near as frames as far apart
 * beside the flash are to each other); a fast camera's frame is the one before smeared or blended from its shifts
 * along a line (smeared-change.ts, blurred-change.ts), alike with how a frame next to it moved: its shift, or, where
 * the blur hides that shift from the search, the smear that explains it. A frame is a cut when its score stands out from the
 * clip around it: above an absolute floor and above the median of the second and of the fifth of a second
 * around it by a margin, so a busy shot, or a whip pan's changing blur, does not cut itself up; or, above half
 * the floor, as the only change in the second around it (a cut between two pale screenshots); or, whatever its size,
 * where the structures at twice the size (fine-structure.ts) line up across it far worse than on either side of it
 * (a jump cut on a sparse screenshot under a shaking camera, a cut between pale screenshots the pixels take for a
 * flash: see JUMP_STRUCTURE).
 * Gradual transitions are found beside the cuts: cross-fades and fades through black as mixes of two shots
 * (gradual-transitions.ts; none where one end moved fits the middle as well: moved-end.ts), and any other kind, a wipe, a slide, an iris, from the frames a window apart
 * (window-change.ts; where the tiny frames cannot tell two low-detail or one-palette pictures apart, by their structure at
 * twice the size: fine-structure.ts); none where neither end has any detail (colour fields drifting, not two shots). Two boundaries
 * with only a flat colour between them (into black and out of it, by any kind of transition or cut) are one.
 */

import { histogramQuantile } from '../../imaging/histogram-quantile.js';
import { median } from '../../imaging/median.js';
import { blurredChange } from './blurred-change.js';
import { structureChange, structureWhenAsked } from './fine-structure.js';
import { FADE_GAP, type GradualTransition, GradualTransitionFinder, histogramDistance, isFlat } from './gradual-transitions.js';
import { smearedChange } from './smeared-change.js';
import { type Shifted, type SteadyFrame, shiftedChanges, softened, steadiedChange, steadyFrame } from './steadied-change.js';
import { WindowChangeFinder, type WindowFrame } from './window-change.js';

export const CUT_FRAME_WIDTH = 48;
export const CUT_FRAME_HEIGHT = 27;
/** Each frame also comes at twice the size, where two low-detail pictures that look alike at the tiny size can be told apart. */
export const CUT_FINE_WIDTH = 96;
export const CUT_FINE_HEIGHT = 54;

/** Source rates taken frame by frame (measured from 1 to 60 fps; faster ones every n-th frame), and the rate for others. */
const RATES = { lowest: 1, highest: 72, unknown: 25 };

/**
 * The frames a second the detector is handed for a source at `sourceFps`: each of the source's own frames once (every
 * n-th of one faster than 72 fps, for the CPU). Dropped or repeated onto another rate, the frames step unevenly (from
 * 30 to 25, one step in five spans two; from 15, every frame comes twice or thrice; from 4, six or seven times, and
 * the camera's motion shows only where each frame ends), and the detector's rules read an uneven step as a jump: a
 * shaken or panning shot cut in its middle. A source slower than 1 fps, or one that does not say, is taken at 25.
 */
export function cutRate(sourceFps: number | null): number {
  if (sourceFps === null || !(sourceFps >= RATES.lowest)) return RATES.unknown;
  return Math.round((sourceFps / Math.ceil(sourceFps / RATES.highest)) * 1000) / 1000;
}

const BINS = 4; // per channel: 64 colour bins
const WINDOW_SECONDS = 1; // the surroundings a score is compared with
const PEAK_SECONDS = 0.4; // one cut per this much time at most
/** The closer surroundings: a whip pan changes the picture (its blur) over several frames, a cut in one. */
const NEAR_SECONDS = 0.2;
const MARGIN = 0.25;
const SIZE = { width: CUT_FRAME_WIDTH, height: CUT_FRAME_HEIGHT };
/** A frame's shift from the one before is the camera's only when it explains all but this share of the picture. */
const SHIFT_TRUSTED = 0.5;
/**
 * Two frames' shifts are alike within this many pixels (or half the shift), at SMOOTH_FPS frames a second; at fewer,
 * within as many times more as the frames are further apart (a shake at 12 fps moves four pixels one way, then four
 * back).
 */
const SMOOTH = 8;
/** The rate SMOOTH was chosen at (every rule here was, on frames at 25 a second). */
const SMOOTH_FPS = 25;
/** A change is checked for the picture coming back (a flash) this many frames on, at most. */
const RETURN = 6;
/**
 * The picture has come back when a pair of frames around the change differs by less than this, and by no more than
 * frames as far apart beside the change do (see RETURN_SLACK) unless by less than RETURN_SURE: a pale screenshot's
 * frames differ in few pixels at any framing, so a jump cut on one (0.27 of the pixels) has pairs across it within
 * 0.16-0.2 while the frames beside it differ by 0.00-0.04 (seeds 1-5: 0 to 0.15 alike).
 */
const RETURN_MATCH = 0.2;
const RETURN_SURE = 0.1;
/** ... or, in a busy picture (a pair of RETURN_MATCH or more), by no more than frames as far apart beside the change do, and this (seeds 1-5). */
const RETURN_SLACK = 0.05;
/** Only changes this large are checked for the picture coming back. */
const RETURN_GATE = 0.15;
/** The smeared picture must explain this share of the pixels more than the shift alone (seeds 1-5). */
const SMEAR_GAIN = 0.15;
/**
 * A frame next to a smeared one vouches for the camera by its own smear when that explains this share of its pixels
 * more than its shift does: more than SMEAR_GAIN, since a soft wipe's edge moving over a still picture is a smear of
 * sorts too (seeds 1-5 and 11718, 21321, 41941, 85858: a whip's blurred frames 0.23-0.32 next to their peak, a soft
 * wipe's 0.04-0.15).
 */
const NEIGHBOUR_SMEAR_GAIN = 0.2;
/** A frame moved when its shift is this many pixels or more (below, the shift search's noise). */
const MIN_MOVE = 2;
/**
 * A smaller change, down to QUIET_FLOOR of the floor, is a cut too when it is the only change around: at least
 * QUIET_RATIO times any other frame's in the second before and after it (two near-white screenshots differ in a
 * sixth to a quarter of the tiny frame's pixels, while a camera shaking over either changes a few hundredths a frame;
 * seeds 1-5: a whip's swing and a screenshot's periodic flicker within 1.1 times, the cuts 3 times and more; a floor
 * of 0.35 or 0.25 of the floor found a jump cut more and cut a pan).
 */
const QUIET_RATIO = 2;
const QUIET_FLOOR = 0.5;
/**
 * A gradual transition needs detail at one end at least: the mean size of what softening takes out of that frame
 * (0-255). Two featureless colour fields mixing (ffmpeg's `gradients` drifting: 0.6-1.4) are no evidence of two
 * shots; photos, screenshots with pictures in them and ffmpeg's patterns give 3 and more (seeds 1-5: 0.9 against 6.8
 * and up). A near-white screenshot has as little as such a field at this size (0.7-0.8).
 */
const MIN_DETAIL = 2.5;
/**
 * A gradual transition needs a sharp edge at one end at least: the largest differences between a frame and its softened
 * copy (their 99th percentile, 0-255; see edgeOf). A colour field drifting through a near-flat phase (ffmpeg's
 * `gradients`) mixes with a flat colour as a fade does, and a flash over it made two such fades a clip, but it has no
 * edge anywhere (at most 4 on the families-cuts clips of seeds 24838, 62295, 97328, 95859, 18839, 41610 and 53088),
 * while photos, patterns and screenshots, near-white ones included, have some (17 and more on the same clips).
 */
const MIN_EDGE = 8;
/**
 * A change too small to stand out (a jump cut on a sparse or pale screenshot under a shaking camera: the tiny
 * frames differ in a few hundredths of their pixels, as the shake's do, or in a quarter, twice the shake's), or one
 * the picture-comes-back test lowered (two pale screenshots differ in few pixels at any framing, so across a cut
 * between them, straight or through a flash, the frames look as alike as the ones beside it), is a cut all the
 * same when the structures at twice the size (fine-structure.ts) say so: no frame of the JUMP_SIDE before it lines up with any of the
 * JUMP_SIDE from it (at the camera's shift, JUMP_REACH either way) better than JUMP_STRUCTURE, that is JUMP_RATIO
 * times what the frames on either side line up to among themselves (a shaking camera comes back to where it was),
 * and the frame before it lines up with none of the frames after it up to RETURN (a flash, black or white over a
 * dark or pale picture, gives the picture back: two black flashes of fresh seeds 12321 and 31623 were cut without
 * this check, added after they were seen), nor with one as well as the frames as far apart before it line up (a
 * picture that changes by itself, ffmpeg's `life`, changed while a flash lasted: seed 60482 at 12 fps). The frame before it must not be flat (a flat frame has no structure),
 * and the camera must not have travelled SWEPT_TRAVEL or more on either side (a whip's blurred frames line up with
 * none: fresh seed 62250's whip over a pale page was cut without this check, added after it was seen). Frames whose
 * shift is unknown (across a flash) add none to the camera's, and widen the search by a pixel of the compared size
 * each (a pan goes on behind a flash). Only a change of JUMP_GATE or more, the largest over the frames
 * before it and those known after it, is looked at (seeds 1-5: the jumps 0.40 and 0.75 across, 4.5 and 8 times what
 * their sides line up to; any other change 0.3 or more across, a whip or a slide, 1.9 times at most; seeds 41941,
 * 22062 and 85858: a jump on a pale screenshot 0.26 of the pixels and cuts between pale ones that the picture-comes-
 * back test lowered, 5.7 times and more).
 */
const JUMP_GATE = 0.05;
const JUMP_SIDE = 3;
const JUMP_REACH = 3;
const JUMP_STRUCTURE = 0.3;
const JUMP_RATIO = 3;

/** A gradual transition and a cut this close to its span (seconds) are one boundary. */
const SAME_BOUNDARY = 0.3;

/** A mix over which the camera moved this share of the frame at least, at this many frames a second, is its motion blur. */
const SWEPT_TRAVEL = 1 / 6;
const SWEPT_SPEED = 1;

type Frame = WindowFrame & SteadyFrame;

/** How much changed from `a` to `b`: the pixels (the camera's motion taken out) or the colours, whichever moved more. */
function change(a: SteadyFrame & { histogram: Float64Array }, b: SteadyFrame & { histogram: Float64Array }): number {
  return Math.max(steadiedChange(a, b, SIZE).change, histogramDistance(a.histogram, b.histogram));
}

export interface CutCandidate {
  time: number;
  score: number;
}

export class CutDetector {
  /** The last frames, as far back as the picture-comes-back test looks (recent[recent.length - 1] is frame `count - 1`). */
  private readonly recent: Frame[] = [];
  private count = 0;
  /** Frame i against frame i-1 (frame 0: nothing changed): the pixels changed at the shifts tried, and the colours. */
  private readonly steps: Array<{ near: Shifted; far: Shifted; colours: number }> = [];
  /** Frame i's change from frame i-1 (see `step`), before the picture-comes-back test. */
  private readonly changes: number[] = [];
  /** Score of frame i: its change, unless the picture before it comes back within RETURN frames. */
  readonly scores: number[] = [];
  /**
   * What frame i counts for in the surroundings a cut must stand out from: its score, or, where the blend of a fast
   * camera lowered it, its change (a swing changes the picture all along: its frames the blend explains must not
   * leave the others standing out).
   */
  private readonly surroundings: number[] = [];
  /** The frames the structures found a jump at (see JUMP_STRUCTURE). */
  private readonly structuralJumps = new Set<number>();
  /** The recent frames' own smears (see ownSmear), by frame. */
  private readonly smears = new Map<number, Shifted>();
  /** Every frame's detail (see MIN_DETAIL). */
  private readonly detail: number[] = [];
  /** Every frame's sharpest edges (see MIN_EDGE). */
  private readonly edges: number[] = [];
  /** Whether each frame is black or a flat colour. */
  private readonly flat: boolean[] = [];
  private readonly gradual: GradualTransitionFinder;
  private readonly windows: WindowChangeFinder;

  /** SMOOTH at this rate: a camera's shift changes more from one frame to the next the fewer frames a second. */
  private readonly smooth: number;

  constructor(private readonly fps: number) {
    this.smooth = SMOOTH * Math.max(1, SMOOTH_FPS / fps);
    this.gradual = new GradualTransitionFinder(fps, SIZE);
    this.windows = new WindowChangeFinder(fps, SIZE);
  }

  /** The next frame, rgb24: `tiny` at CUT_FRAME_WIDTH x CUT_FRAME_HEIGHT (kept: not to be written to), `fine` at twice that. */
  push({ tiny, fine }: { tiny: Buffer; fine: Buffer }): void {
    const steady = steadyFrame(tiny, SIZE);
    const histogram = colourHistogram(tiny);
    const previous = this.recent[this.recent.length - 1];
    const none = { change: 0, dx: 0, dy: 0 };
    const shifts = previous ? shiftedChanges(previous, steady, SIZE) : { near: none, far: none };
    const moved = shifts.far;
    // Across a cut the best shift means nothing: the camera is taken to have stayed.
    const still = moved.change > SHIFT_TRUSTED;
    const f: Frame = {
      ...steady,
      histogram,
      dx: still ? 0 : moved.dx,
      dy: still ? 0 : moved.dy,
      jump: still,
      unexplained: moved.change,
      soft: steadyFrame(softened(tiny, SIZE), SIZE),
      structure: structureWhenAsked(fine, CUT_FINE_WIDTH, CUT_FINE_HEIGHT),
    };
    f.detail = detailOf(tiny, f.soft.pixels);
    this.detail.push(f.detail);
    this.edges.push(edgeOf(tiny, f.soft.pixels));
    this.flat.push(isFlat(tiny));
    this.steps.push({ ...shifts, colours: previous ? histogramDistance(previous.histogram, histogram) : 0 });
    this.recent.push(f);
    this.count++;
    if (this.recent.length > 2 * RETURN + 3) this.recent.shift();
    // Frame i is scored once the RETURN frames after it are in.
    if (this.count > RETURN) this.score(this.count - 1 - RETURN);
    this.gradual.push(tiny, histogram);
    this.windows.push(f);
  }

  private at(i: number): Frame | undefined {
    return this.recent[i - (this.count - this.recent.length)];
  }

  /**
   * A flash (a few white, black or bright frames) or anything else that passes changes the picture and changes it
   * back: frame i's change counts only as far as the frames before it differ from the frames just after it
   * (the least change over the pairs that span frame i, up to RETURN frames apart).
   */
  private score(i: number): void {
    let s = this.step(i);
    let surround: number | undefined;
    this.changes.push(s);
    // Only a change that stands out from the frames before it, or from those after it (a swing's last blurred
    // frame against the still ones), may be a flash or a camera's blur (a busy picture changes all along).
    const after = () => {
      const next: number[] = [];
      for (let j = i + 1; j < Math.min(this.count, i + 1 + RETURN); j++) next.push(this.step(j));
      return median(next);
    };
    if (s >= RETURN_GATE && (s >= median(this.changes.slice(Math.max(1, i - 2 * RETURN), i)) + MARGIN || s >= after() + MARGIN)) {
      const before = this.at(i - 1);
      const here = this.at(i);
      let back = 1;
      let busyBack = 1;
      // The pair `x`, `y` (g frames apart) spans the change; `u`, `v` are g frames apart beside it: a busy picture
      // (moving things, a shaking camera) has come back when the pair differs no more than frames as far apart do.
      const pair = (x?: Frame, y?: Frame, u?: Frame, v?: Frame) => {
        if (!x || !y) return;
        const c = change(x, y);
        // Frames beside it are compared only when this pair could lower what is kept (each comparison costs).
        const beside = () => u !== undefined && v !== undefined && c < change(u, v) + RETURN_SLACK;
        if (c < RETURN_MATCH) {
          if (c < back && (c < RETURN_SURE || beside())) back = c;
        } else if (c < busyBack && beside()) busyBack = c;
      };
      for (let n = 1; n <= RETURN && before; n++) {
        pair(before, this.at(i + n), this.at(i - 2 - n), before);
        pair(this.at(i - 1 - n), here, here, this.at(i + n + 1));
      }
      if (back < RETURN_MATCH) s = back;
      else {
        const camera = this.fastCamera(i, s);
        if (camera.blended) surround = s;
        s = Math.min(camera.score, busyBack);
      }
    }
    // The structures overrule the pixels: a change the tests above took for a flash or a camera, or one too small to
    // stand out, is a jump where the structures before it never come back after it.
    if (this.changes[i] >= JUMP_GATE && this.structuralJump(i)) {
      this.structuralJumps.add(i);
      [s, surround] = [this.changes[i], undefined];
    }
    this.scores.push(s);
    this.surroundings.push(surround ?? s);
  }

  /** Whether frame i is a jump its structure tells (see JUMP_STRUCTURE). */
  private structuralJump(i: number): boolean {
    const s = this.changes[i];
    const peak = Math.max(1, Math.round(PEAK_SECONDS * this.fps));
    for (let j = Math.max(1, i - peak); j < i; j++) if (this.changes[j] >= s) return false;
    for (let j = i + 1; j < Math.min(this.count - 1, i + 1 + peak); j++) if (this.step(j) > s) return false;
    const first = this.count - this.recent.length;
    if (i - JUMP_SIDE - 1 < Math.max(1, first) || i + JUMP_SIDE >= this.count) return false;
    // A flat frame has no structure to hold against the frames after it (the first frame out of a flash); a fast
    // camera's blur and the tracking's errors throw the structures off the summed shift they are compared at.
    const swept = (a: number, b: number) => {
      const { dx, dy } = this.cameraTravel(a, b);
      return Math.abs(dx) > SWEPT_TRAVEL * CUT_FRAME_WIDTH || Math.abs(dy) > SWEPT_TRAVEL * CUT_FRAME_HEIGHT;
    };
    if (this.flat[i - 1] || swept(i - JUMP_SIDE - 1, i - 1) || swept(i, i + JUMP_SIDE)) return false;
    const scale = CUT_FINE_WIDTH / CUT_FRAME_WIDTH;
    // How differently structured frame b is from frame a; or, where the shifts next to the camera's already give
    // less than `decisive`, that (the verdict is the same, and the wider search is spared).
    const between = (a: number, b: number, decisive = 0) => {
      // The search reaches a pixel of the compared size further each way for each frame whose shift is unknown.
      const { dx, dy, unknown } = this.cameraTravel(a, b);
      const [x, y] = [this.at(a)?.structure?.(), this.at(b)?.structure?.()];
      if (!x || !y) return 0;
      const close = structureChange(x, y, scale * dx, scale * dy, 1);
      return close < decisive ? close : Math.min(close, structureChange(x, y, scale * dx, scale * dy, JUMP_REACH + scale * unknown));
    };
    let across = 1;
    for (let a = i - 1; a >= i - JUMP_SIDE; a--)
      for (let b = i; b < i + JUMP_SIDE; b++) {
        across = Math.min(across, between(a, b, JUMP_STRUCTURE));
        if (across < JUMP_STRUCTURE) return false;
      }
    // A flash over a dark or pale picture changes few tiny pixels too: the picture before must not come back, there
    // or as near as the frames as far apart before it come to it (a picture that changes by itself drifts meanwhile).
    for (let b = i + JUMP_SIDE; b <= Math.min(this.count - 1, i + RETURN); b++) {
      const [back, before] = [between(i - 1, b), 2 * i - 2 - b];
      if (back < JUMP_STRUCTURE || (before >= Math.max(1, first) && back <= between(before, i - 1, back))) return false;
    }
    // The frames of each side must line up among themselves to a JUMP_RATIO-th of `across`: one pair that does is enough.
    const bar = across / JUMP_RATIO;
    const linesUp = (from: number, to: number) => {
      for (let a = from; a < to; a++) for (let b = a + 1; b <= to; b++) if (between(a, b, bar) <= bar) return true;
      return false;
    };
    return linesUp(i - JUMP_SIDE - 1, i - 1) && linesUp(i, i + JUMP_SIDE);
  }

  /**
   * Frame i's score `s` where a camera too fast for the shift alone explains its change: the picture smeared along
   * its motion (smeared-change.ts), or blended from its shifts along a line (any blur, a few sharp exposures:
   * blurred-change.ts), explains much of it (a soft wipe's moving edge is explained a little too). `blended`: the
   * blend lowered it.
   */
  private fastCamera(i: number, s: number): { score: number; blended: boolean } {
    const [a, b] = [this.at(i - 1), this.at(i)];
    if (!a || !b) return { score: s, blended: false };
    // Only the pixels are explained so: the colours still count (a whip into another shot brings new ones). As
    // for a far shift, the smear's shift is the camera's only when a frame next to it moved alike; a blend can
    // also fit a soft edge moving over a still picture, so a frame next to it must really have moved.
    const explains = (e: Shifted, camera: (j: number, e: Shifted) => boolean) =>
      s - e.change >= SMEAR_GAIN && (camera(i - 1, e) || camera(i + 1, e));
    const smeared = smearedChange(a.pixels, b.pixels, SIZE);
    if (explains(smeared, (j, e) => this.alike(j, e) || this.moving(j, e, this.ownSmear(j))))
      return { score: Math.max(smeared.change, this.steps[i].colours), blended: false };
    // Blended only along the lines a frame next to it (or the one after that) moved on: a fit costs.
    const moves = [i - 1, i + 1, i + 2]
      .flatMap((j) => [this.steps[j]?.far, this.ownSmear(j)])
      .filter((f): f is Shifted => f !== undefined && Math.abs(f.dx) + Math.abs(f.dy) >= MIN_MOVE);
    const lines = {
      across: moves.some((f) => Math.abs(f.dx) >= Math.abs(f.dy)),
      down: moves.some((f) => Math.abs(f.dy) > Math.abs(f.dx)),
    };
    const blended = blurredChange(a.pixels, b.pixels, SIZE, lines);
    // A swing's first blurred frames: the next may not have a shift found yet, the one after has.
    const moved = (j: number, e: Shifted) => this.moving(j, e) || this.moving(j, e, this.ownSmear(j));
    const camera = (j: number, e: Shifted) => moved(j, e) || (j > i && moved(j + 1, e));
    if (explains(blended, camera)) return { score: Math.max(blended.change, this.steps[i].colours), blended: true };
    return { score: s, blended: false };
  }

  /**
   * Frame i's change from the one before: the pixels with the camera's motion taken out, or the colours. A far
   * shift is the camera's only when a frame next to it moved alike (a camera moves smoothly); else it is some
   * part of a new framing of the same picture (a jump cut) lining up with the old one.
   */
  private step(i: number): number {
    return Math.max(this.cameraShift(i).change, this.steps[i].colours);
  }

  /** The shift frame i is taken at from the one before: the far one where it explains more and a frame beside moved alike. */
  private cameraShift(i: number): Shifted {
    const { near, far } = this.steps[i];
    return far.change < near.change && (this.alike(i - 1, far) || this.alike(i + 1, far)) ? far : near;
  }

  /**
   * The camera's shifts from frame a to frame b, summed; a frame whose shift is unknown (a cut, a flash: see
   * SHIFT_TRUSTED) adds none, and is counted in `unknown`.
   */
  private cameraTravel(a: number, b: number): { dx: number; dy: number; unknown: number } {
    let [dx, dy, unknown] = [0, 0, 0];
    for (let j = a + 1; j <= b; j++) {
      const shift = this.steps[j].far.change > SHIFT_TRUSTED ? undefined : this.cameraShift(j);
      if (shift) [dx, dy] = [dx + shift.dx, dy + shift.dy];
      else unknown++;
    }
    return { dx, dy, unknown };
  }

  /**
   * Frame j's smear from the frame before, where it explains NEIGHBOUR_SMEAR_GAIN more of the picture than the shift
   * alone: a whip's blurred frames match at no plain shift, so the camera's motion beside a frame shows only in how
   * its neighbours' own smears explain them.
   */
  private ownSmear(j: number): Shifted | undefined {
    const [a, b] = [this.at(j - 1), this.at(j)];
    if (!a || !b || j >= this.steps.length) return undefined;
    let own = this.smears.get(j);
    if (!own) {
      own = smearedChange(a.pixels, b.pixels, SIZE);
      this.smears.set(j, own);
      if (this.smears.size > 4 * RETURN) this.smears.delete(this.smears.keys().next().value as number);
    }
    return this.step(j) - own.change >= NEIGHBOUR_SMEAR_GAIN ? own : undefined;
  }

  /** Whether frame j really moved (MIN_MOVE pixels or more), as `shift` did (see `alike`): by its far shift, or by `other`. */
  private moving(j: number, shift: Shifted, other: Shifted | undefined = this.steps[j]?.far): boolean {
    return other !== undefined && Math.abs(other.dx) + Math.abs(other.dy) >= MIN_MOVE && this.alike(j, shift, other);
  }

  /** Whether frame j's far shift is like `shift` (within SMOOTH pixels, or half the shift): a camera moves smoothly. */
  private alike(j: number, shift: Shifted, other: Shifted | undefined = this.steps[j]?.far): boolean {
    return (
      other !== undefined &&
      Math.abs(other.dx - shift.dx) + Math.abs(other.dy - shift.dy) <= Math.max(this.smooth, (Math.abs(shift.dx) + Math.abs(shift.dy)) / 2)
    );
  }

  /** Scores the last frames (their RETURN frames after will not come). */
  private finish(): void {
    while (this.scores.length < this.count) this.score(this.scores.length);
  }

  /**
   * Every shot boundary: the cuts (see `cuts`) and the gradual transitions, each at the middle of its span. A cut
   * within a transition's span, or a cut from (to) the black a fade went into (came out of), is part of that transition.
   * `duration` is the video's, in seconds.
   */
  boundaries(floor: number, duration: number): CutCandidate[] {
    this.finish();
    // A fast camera's frames are mixes too (its positions blurred together): no cross-fade where it swept far and fast.
    const swept = (g: { start: number; end: number }) => {
      const travel = this.windows.travel(Math.floor(g.start * this.fps) - 1, Math.ceil(g.end * this.fps) + 1);
      return travel > SWEPT_TRAVEL && travel / Math.max(g.end - g.start, 1 / this.fps) > SWEPT_SPEED;
    };
    const gradual: Array<GradualTransition & { fromFlat: boolean; toFlat: boolean; structural?: boolean }> = this.gradual
      .transitions(duration)
      .filter((g) => !swept(g));
    // Transitions of other kinds, where no mix of the two shots was found: overlapping windows are one.
    const near = (a: { start: number; end: number }, b: { start: number; end: number }) =>
      a.start <= b.end + SAME_BOUNDARY && b.start <= a.end + SAME_BOUNDARY;
    const others: typeof gradual = [];
    for (const w of this.windows.transitions().sort((a, b) => a.start - b.start)) {
      if (w.start < 0.3 || w.end > duration - 0.3 || gradual.some((g) => near(g, w))) continue;
      const prev = others[others.length - 1];
      if (prev && near(prev, w))
        [prev.end, prev.score, prev.structural] = [
          Math.max(prev.end, w.end),
          Math.max(prev.score, w.score),
          prev.structural && w.structural,
        ];
      else others.push({ ...w, time: 0, fromFlat: false, toFlat: false });
    }
    gradual.push(...others);
    // A fade into or out of a flat colour has no detail at that end, and two flat cards none at all; nor has any
    // transition an end without an edge (a window the structures found had its detail checked at the decoded size).
    for (let k = gradual.length - 1; k >= 0; k--) {
      const g = gradual[k];
      const featureless = (!g.fromFlat && !g.toFlat && this.atEnds(this.detail, g) < MIN_DETAIL) || this.atEnds(this.edges, g) < MIN_EDGE;
      if (!g.structural && featureless) gradual.splice(k, 1);
    }
    gradual.sort((a, b) => a.start - b.start);
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
    const spans = [...cuts.map((c) => ({ start: c.time, end: c.time, score: c.score })), ...gradual].sort((a, b) => a.start - b.start);
    const merged: typeof spans = [];
    for (const b of spans) {
      const a = merged[merged.length - 1];
      if (a && this.throughFlat(a.end, b.start)) [a.end, a.score] = [Math.max(a.end, b.end), Math.max(a.score, b.score)];
      else merged.push({ ...b });
    }
    return merged.map((g) => ({ time: (g.start + g.end) / 2, score: g.score })).sort((a, b) => a.time - b.time);
  }

  /**
   * Whether frame i's change is the only one within n frames (QUIET_RATIO times any other's there). Only a frame's
   * own change is held against single frames' changes: a flash's or a fast camera's score is that of frames further apart.
   */
  private alone(i: number, n: number): boolean {
    const others = [...this.surroundings.slice(Math.max(1, i - n), i), ...this.surroundings.slice(i + 1, i + 1 + n)];
    return others.length > 0 && this.scores[i] === this.changes[i] && this.scores[i] >= Math.max(...others) * QUIET_RATIO;
  }

  /**
   * Whether only a flat colour lies between two boundaries (from `a` to `b`, seconds; SAME_BOUNDARY from either
   * belongs to them), for at most FADE_GAP: a fade, an iris or a cut into black and another out of it are one boundary.
   * Two boundaries closer than twice SAME_BOUNDARY are one when any frame between them is flat.
   */
  private throughFlat(a: number, b: number): boolean {
    const [from, to] = [Math.ceil((a + SAME_BOUNDARY) * this.fps), Math.floor((b - SAME_BOUNDARY) * this.fps)];
    // Closer than that (a short iris closing to black and opening out of it): a flat frame between them is enough.
    if (to < from) return this.flat.slice(Math.floor(a * this.fps) + 1, Math.ceil(b * this.fps)).some((f) => f);
    if ((to - from) / this.fps > FADE_GAP) return false;
    for (let j = from; j <= to; j++) if (!this.flat[j]) return false;
    return true;
  }

  /** The larger of a measure of each frame (`values`) at the ends of a transition's span (the frames just outside it). */
  private atEnds(values: number[], g: { start: number; end: number }): number {
    const last = values.length - 1;
    const at = (j: number) => values[Math.max(0, Math.min(last, j))];
    return Math.max(at(Math.floor(g.start * this.fps) - 1), at(Math.ceil(g.end * this.fps) + 1));
  }

  /** Cut candidates: local peaks that stand out from their surroundings; `floor` is the minimum score (0-1). */
  cuts(floor: number): CutCandidate[] {
    this.finish();
    const s = this.scores;
    const half = Math.max(2, Math.round(WINDOW_SECONDS * this.fps));
    const peak = Math.max(1, Math.round(PEAK_SECONDS * this.fps));
    const near = Math.max(2, Math.round(NEAR_SECONDS * this.fps));
    const out: CutCandidate[] = [];
    for (let i = 1; i < s.length; i++) {
      const jump = this.structuralJumps.has(i);
      if (s[i] < floor * QUIET_FLOOR && !jump) continue;
      // Only the strongest change nearby counts (the first of equals): one cut, not its neighbourhood.
      if (s.slice(Math.max(1, i - peak), i).some((x) => x >= s[i]) || s.slice(i + 1, i + 1 + peak).some((x) => x > s[i])) continue;
      const r = this.surroundings;
      const around = (n: number) => median([...r.slice(Math.max(1, i - n), i), ...r.slice(i + 1, i + 1 + n)]);
      if ((s[i] < floor || s[i] < Math.max(around(half), around(near)) + MARGIN) && !this.alone(i, half) && !jump) continue;
      out.push({ time: i / this.fps, score: s[i] });
    }
    return out;
  }
}

/** The mean size of what softening took out of a frame's channels (0-255): how much detail it has. */
function detailOf(pixels: Buffer, soft: Buffer): number {
  let sum = 0;
  for (let p = 0; p < pixels.length; p++) sum += Math.abs(pixels[p] - soft[p]);
  return sum / pixels.length;
}

/** The 99th percentile of what softening took out of a frame's channels (0-255): how sharp its sharpest edges are. */
function edgeOf(pixels: Buffer, soft: Buffer): number {
  const counts = new Uint32Array(256);
  for (let p = 0; p < pixels.length; p++) counts[Math.abs(pixels[p] - soft[p])]++;
  return histogramQuantile(counts, pixels.length, 0.99);
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
