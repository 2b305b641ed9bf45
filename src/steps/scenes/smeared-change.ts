/**
 * How much of a picture changed between two frames once a fast camera's motion blur is taken out: a whip pan's
 * frames are the picture smeared along the motion (the shutter open while it moved), so no shift alone brings one
 * frame back over the next while the blur grows or fades. The picture before is smeared along a line (across or
 * down, a few lengths) and compared with the next at the best shift (steadied-change.ts), and the other way round
 * (the blur fading as the camera settles), at a shift along the smear (the blur runs with the motion). A new shot is
 * no smear of the old one.
 */
import { type FrameSize, type Shifted, shiftedChanges, steadyFrame } from './steadied-change.js';

/** Lengths of the smear tried, as shares of the width (across) and of the height (down). */
const LENGTHS = [0.1, 0.2, 0.35, 0.5];

/** The shift (pixels) along the smear below which it is no camera's motion. */
const MIN_SHIFT = 2;

/** The least share of pixels changed between `b` and `a` smeared (or `a` and `b` smeared), at the best shift. */
export function smearedChange(a: Buffer, b: Buffer, size: FrameSize): Shifted {
  let best: Shifted = { change: 1, dx: 0, dy: 0 };
  const steadyB = steadyFrame(b, size);
  const steadyA = steadyFrame(a, size);
  for (const across of [true, false])
    for (const share of LENGTHS) {
      const length = Math.max(2, Math.round(share * (across ? size.width : size.height)));
      const tryPair = (x: Buffer, y: ReturnType<typeof steadyFrame>, sign: number) => {
        const { near, far } = shiftedChanges(steadyFrame(smear(x, size, length, across), size), y, size);
        const c = far.change < near.change ? far : near;
        // A camera's blur runs along its motion: a smear with no shift that way is something else (a soft wipe's edge).
        if (Math.abs(across ? c.dx : c.dy) < MIN_SHIFT) return;
        if (c.change < best.change) best = { change: c.change, dx: sign * c.dx, dy: sign * c.dy };
      };
      tryPair(a, steadyB, 1);
      tryPair(b, steadyA, -1);
    }
  return best;
}

/** The frame blurred along a line of `length` pixels, across (along rows) or down (along columns). */
function smear(pixels: Buffer, size: FrameSize, length: number, across: boolean): Buffer {
  const { width: w, height: h } = size;
  const out = Buffer.alloc(pixels.length);
  const [lines, along] = across ? [h, w] : [w, h];
  const step = across ? 3 : w * 3;
  const lineStart = (l: number) => (across ? l * w * 3 : l * 3);
  const before = Math.floor((length - 1) / 2);
  // Running sums along the line: each window's sum in one subtraction, not `length` additions.
  const sums = new Uint32Array(along + 1);
  for (let l = 0; l < lines; l++)
    for (let c = 0; c < 3; c++) {
      const base = lineStart(l) + c;
      for (let i = 0; i < along; i++) sums[i + 1] = sums[i] + pixels[base + i * step];
      for (let i = 0; i < along; i++) {
        const [from, to] = [Math.max(0, i - before), Math.min(along - 1, i - before + length - 1)];
        out[base + i * step] = Math.round((sums[to + 1] - sums[from]) / (to - from + 1));
      }
    }
  return out;
}
