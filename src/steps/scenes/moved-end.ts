/**
 * Whether a window's middle frame is one of its ends moved (a camera over one picture) rather than a mix of the
 * two (a cross-fade): a pan off a coloured part of a picture into a flat one fits a mix of its first and last
 * frames (a fade into a flat colour) loosely, but one end shifted fits it as well; a cross-fade's middle is half of
 * each shot, which no shift of either brings back. The shift is searched on the half-size grey copies, as for cuts;
 * the error of the best shift and of none is measured at full size, on the pixel channels the ends differ in, and
 * scaled as the mix's error is (a shift refined by a pixel changed nothing on any seed, at twice the cost).
 */
import { coarseShift, type FrameSize, steadyFrame } from './steadied-change.js';

/**
 * The least mean error of `m` against `a` or `b` moved (over `channels`, the first `count` channel indices where a
 * and b differ; the overlap only), against the mean size of their difference there: the mix's error, for a camera.
 */
export function movedEndError(a: Buffer, b: Buffer, m: Buffer, channels: Int32Array, count: number, size: FrameSize): number {
  const half = steadyFrame(m, size).half;
  let total = 0;
  for (let i = 0; i < count; i++) total += Math.abs(b[channels[i]] - a[channels[i]]);
  let least = Number.POSITIVE_INFINITY;
  for (const end of [a, b]) {
    // Around none too: a smooth picture matches loosely everywhere, and the search may stray.
    const [sx, sy] = coarseShift(steadyFrame(end, size).half, half, size.width >> 1, size.height >> 1);
    for (const [dx, dy] of sx || sy
      ? [
          [2 * sx, 2 * sy],
          [0, 0],
        ]
      : [[0, 0]]) {
      const { error, scale } = shiftedError(end, a, b, m, dx, dy, channels, count, size);
      // Too little overlap tells nothing.
      if (scale > 0 && scale * 2 >= total) least = Math.min(least, error / scale);
    }
  }
  return least;
}

/** The summed error of `m` against `end` shifted by dx, dy, and the summed difference of the ends, over the overlap. */
function shiftedError(
  end: Buffer,
  a: Buffer,
  b: Buffer,
  m: Buffer,
  dx: number,
  dy: number,
  channels: Int32Array,
  count: number,
  size: FrameSize,
): { error: number; scale: number } {
  const w = size.width;
  const offset = (dy * w + dx) * 3;
  let error = 0;
  let scale = 0;
  for (let i = 0; i < count; i++) {
    const p = channels[i];
    const pixel = (p / 3) | 0;
    const x = (pixel % w) - dx;
    const y = ((pixel / w) | 0) - dy;
    if (x < 0 || y < 0 || x >= w || y >= size.height) continue;
    error += Math.abs(m[p] - end[p - offset]);
    scale += Math.abs(b[p] - a[p]);
  }
  return { error, scale };
}
