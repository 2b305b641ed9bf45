import { CUT_FINE_HEIGHT, CUT_FINE_WIDTH, CUT_FRAME_HEIGHT, CUT_FRAME_WIDTH } from '../../src/steps/scenes/cut-detector.js';

/** A tiny frame (CUT_FRAME_WIDTH x CUT_FRAME_HEIGHT rgb24) as the cut detector is handed it: a copy, and enlarged to the fine size. */
export function cutFrame(tiny: Buffer): { tiny: Buffer; fine: Buffer } {
  const fine = Buffer.alloc(CUT_FINE_WIDTH * CUT_FINE_HEIGHT * 3);
  const [sx, sy] = [CUT_FINE_WIDTH / CUT_FRAME_WIDTH, CUT_FINE_HEIGHT / CUT_FRAME_HEIGHT];
  for (let y = 0; y < CUT_FINE_HEIGHT; y++)
    for (let x = 0; x < CUT_FINE_WIDTH; x++) {
      const p = (Math.floor(y / sy) * CUT_FRAME_WIDTH + Math.floor(x / sx)) * 3;
      tiny.copy(fine, (y * CUT_FINE_WIDTH + x) * 3, p, p + 3);
    }
  return { tiny: Buffer.from(tiny), fine };
}
