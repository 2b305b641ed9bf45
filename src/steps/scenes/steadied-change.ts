/**
 * How much of a picture changed between two frames once the camera's motion is taken out: the least share of
 * pixels changed over the shifts of one frame against the other, up to a third of the width and of the height.
 * A pan, a shaking hand or a whip pan moves the whole picture, and some shift brings it back over itself; a new
 * shot matches at no shift. The shift is searched on half-size grey copies (the mean difference of the overlap),
 * then refined at full size around the best, so a frame costs a few hundred thousand additions, not millions.
 */

/** The frames compared: rgb24, this size (the cut detector's). */
export interface FrameSize {
  width: number;
  height: number;
}

/** A pixel changed when one of its channels moved by more than this (0-255). */
export const PIXEL_STEP = 24;
/** The farthest shift looked for, as a share of the width and of the height. */
export const REACH = 1 / 3;

/** The grey level of the RGB pixel at byte `p` of `pixels`. */
export function greyAt(pixels: Buffer, p: number): number {
  return pixels[p] * 0.3 + pixels[p + 1] * 0.59 + pixels[p + 2] * 0.11;
}

/** A frame and its half-size grey copy (what the shift is searched on). */
export interface SteadyFrame {
  pixels: Buffer;
  half: Uint8Array;
}

export function steadyFrame(pixels: Buffer, size: FrameSize): SteadyFrame {
  const [w, h] = [size.width >> 1, size.height >> 1];
  const half = new Uint8Array(w * h);
  const grey = (p: number) => greyAt(pixels, p);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const p = (2 * y * size.width + 2 * x) * 3;
      const q = p + size.width * 3;
      half[y * w + x] = Math.round((grey(p) + grey(p + 3) + grey(q) + grey(q + 3)) / 4);
    }
  return { pixels, half };
}

export interface Shifted {
  /** Share of pixels changed (0-1) at the shift dx, dy (full-size pixels) of `b` against `a`. */
  change: number;
  dx: number;
  dy: number;
}

/** The share of pixels changed from `a` to `b` at the shift that explains most of `b`. */
export function steadiedChange(a: SteadyFrame, b: SteadyFrame, size: FrameSize): Shifted {
  const { near, far } = shiftedChanges(a, b, size);
  return far.change < near.change ? far : near;
}

/**
 * The least change over the shifts of up to a pixel (`near`: a shaking hand), and over those around the best
 * shift within reach (`far`: any camera move; the same as `near` when that is no better).
 */
export function shiftedChanges(a: SteadyFrame, b: SteadyFrame, size: FrameSize): { near: Shifted; far: Shifted } {
  const best: Shifted = { change: changedShare(a.pixels, b.pixels, 0, 0, size, 1), dx: 0, dy: 0 };
  const tryShift = (dx: number, dy: number) => {
    const c = changedShare(a.pixels, b.pixels, dx, dy, size, best.change);
    if (c < best.change) Object.assign(best, { change: c, dx, dy });
  };
  if (best.change >= 0.05) for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) if (dx || dy) tryShift(dx, dy);
  const near = { ...best };
  if (best.change < 0.05) return { near, far: near };
  const [sx, sy] = coarseShift(a.half, b.half, size.width >> 1, size.height >> 1);
  if (sx === 0 && sy === 0) return { near, far: near };
  for (let dy = 2 * sy - 1; dy <= 2 * sy + 1; dy++) for (let dx = 2 * sx - 1; dx <= 2 * sx + 1; dx++) tryShift(dx, dy);
  return { near, far: best };
}

/** The shift (in half-size pixels) of `b` against `a` with the least mean grey difference over the overlap. */
export function coarseShift(a: Uint8Array, b: Uint8Array, w: number, h: number): [number, number] {
  const [rx, ry] = [Math.floor(w * REACH), Math.floor(h * REACH)];
  let best = Number.POSITIVE_INFINITY;
  let shift: [number, number] = [0, 0];
  for (let dy = -ry; dy <= ry; dy++)
    for (let dx = -rx; dx <= rx; dx++) {
      // Ties go to the smaller shift: a flat picture matches everywhere, and it has not moved.
      const penalty = 0.01 * (Math.abs(dx) + Math.abs(dy));
      const n = (w - Math.abs(dx)) * (h - Math.abs(dy));
      const limit = (best - penalty) * n;
      let sum = 0;
      for (let y = Math.max(0, dy); y < h + Math.min(0, dy) && sum <= limit; y++) {
        const row = y * w;
        const from = (y - dy) * w - dx;
        for (let x = Math.max(0, dx); x < w + Math.min(0, dx); x++) sum += Math.abs(a[from + x] - b[row + x]);
      }
      if (sum > limit) continue;
      const mean = sum / n + penalty;
      if (mean < best) [best, shift] = [mean, [dx, dy]];
    }
  return shift;
}

/**
 * Share of the pixels of `b` (shifted by dx, dy; the overlap only) whose colour differs from `a`'s; counting stops
 * (and returns 1) once the share is past `limit`.
 */
export function changedShare(a: Buffer, b: Buffer, dx: number, dy: number, size: FrameSize, limit = 1): number {
  const w = size.width;
  const n = (w - Math.abs(dx)) * (size.height - Math.abs(dy));
  if (n <= 0) return 1;
  const most = limit * n;
  let changed = 0;
  for (let y = Math.max(0, dy); y < size.height + Math.min(0, dy); y++) {
    for (let x = Math.max(0, dx); x < w + Math.min(0, dx); x++) {
      const p = (y * w + x) * 3;
      const q = ((y - dy) * w + (x - dx)) * 3;
      if (Math.abs(a[q] - b[p]) > PIXEL_STEP || Math.abs(a[q + 1] - b[p + 1]) > PIXEL_STEP || Math.abs(a[q + 2] - b[p + 2]) > PIXEL_STEP)
        changed++;
    }
    if (changed > most) return 1;
  }
  return changed / n;
}

/** Zooms tried between two frames a window apart (the scale of `b` against `a`). */
const SCALES = [1 / 1.5, 1 / 1.25, 1 / 1.1, 1.1, 1.25, 1.5];

/**
 * As steadiedChange, for frames far enough apart for the camera to have zoomed: the least share changed over the
 * zooms of SCALES about the middle of the picture too.
 */
export function steadiedOrZoomedChange(a: SteadyFrame, b: SteadyFrame, size: FrameSize): number {
  let least = steadiedChange(a, b, size).change;
  for (const s of SCALES) {
    if (least < 0.05) break;
    least = Math.min(least, zoomedShare(a.pixels, b.pixels, s, size, least));
  }
  return least;
}

/** Share of the pixels of `b` whose colour differs from `a`'s at the same place with `a` scaled by `scale` about its middle. */
function zoomedShare(a: Buffer, b: Buffer, scale: number, size: FrameSize, limit: number): number {
  const [cx, cy] = [(size.width - 1) / 2, (size.height - 1) / 2];
  let changed = 0;
  let n = 0;
  for (let y = 0; y < size.height; y++) {
    const sy = Math.round(cy + (y - cy) / scale);
    if (sy < 0 || sy >= size.height) continue;
    for (let x = 0; x < size.width; x++) {
      const sx = Math.round(cx + (x - cx) / scale);
      if (sx < 0 || sx >= size.width) continue;
      const p = (y * size.width + x) * 3;
      const q = (sy * size.width + sx) * 3;
      n++;
      if (Math.abs(a[q] - b[p]) > PIXEL_STEP || Math.abs(a[q + 1] - b[p + 1]) > PIXEL_STEP || Math.abs(a[q + 2] - b[p + 2]) > PIXEL_STEP)
        changed++;
    }
    if (changed > limit * size.width * size.height) return 1;
  }
  return n ? changed / n : 1;
}

/**
 * The frame blurred (a box of 2r + 1 pixels each way): frames a window apart are compared so, since a small
 * zoom or a shift by part of a pixel changes every sharp edge, and the pictures a transition joins differ
 * on a broad scale too.
 */
export function softened(pixels: Buffer, size: FrameSize, r = 2): Buffer {
  const { width: w, height: h } = size;
  if (across.length < pixels.length) across = new Uint16Array(pixels.length);
  // Running sums along each row, then down each column (a box is the sum of its rows' sums).
  for (let y = 0; y < h; y++)
    for (let c = 0; c < 3; c++) {
      const base = y * w * 3 + c;
      let sum = 0;
      for (let x = 0; x < Math.min(r, w); x++) sum += pixels[base + x * 3];
      for (let x = 0; x < w; x++) {
        if (x + r < w) sum += pixels[base + (x + r) * 3];
        if (x - r - 1 >= 0) sum -= pixels[base + (x - r - 1) * 3];
        // Scaled to a full box, so the columns can be summed alike.
        across[base + x * 3] = (sum * (2 * r + 1)) / (Math.min(w - 1, x + r) - Math.max(0, x - r) + 1);
      }
    }
  const out = Buffer.alloc(pixels.length);
  const stride = w * 3;
  const box = (2 * r + 1) * (2 * r + 1);
  for (let i = 0; i < stride; i++) {
    let sum = 0;
    for (let y = 0; y < Math.min(r, h); y++) sum += across[y * stride + i];
    for (let y = 0; y < h; y++) {
      if (y + r < h) sum += across[(y + r) * stride + i];
      if (y - r - 1 >= 0) sum -= across[(y - r - 1) * stride + i];
      out[y * stride + i] = sum / (box * ((Math.min(h - 1, y + r) - Math.max(0, y - r) + 1) / (2 * r + 1))) + 0.5;
    }
  }
  return out;
}

/** The horizontal sums of `softened`, reused from frame to frame. */
let across = new Uint16Array(0);
