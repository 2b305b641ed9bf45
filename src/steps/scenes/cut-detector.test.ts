import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cutFrame } from '../../../test/support/cut-frames.js';
import { CUT_FRAME_HEIGHT, CUT_FRAME_WIDTH, CutDetector } from './cut-detector.js';

const FPS = 25;
const PIXELS = CUT_FRAME_WIDTH * CUT_FRAME_HEIGHT;

/** A shot: blocks of colour (8 px) from a seeded generator, so each shot is its own picture with detail to fade. */
function shot(seed: number): Buffer {
  let x = seed;
  const random = () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x / 2147483648;
  };
  const blocks = Array.from({ length: 64 }, () => [random(), random(), random()].map((v) => Math.round(40 + v * 200)));
  const out = Buffer.alloc(PIXELS * 3);
  for (let p = 0; p < PIXELS; p++) {
    const block = blocks[(Math.floor(p / CUT_FRAME_WIDTH / 8) * 8 + Math.floor((p % CUT_FRAME_WIDTH) / 8)) % 64];
    out.set(block, p * 3);
  }
  return out;
}

const dimmed = (frame: Buffer, gain: number) => Buffer.from(frame.map((v) => Math.round(v * gain)));

describe('cut detector: fades through black', () => {
  it('puts each of two fades a shot apart at its own middle', () => {
    // Shot A, a fade through black of 1 s (middle at 2.5 s), shot B for 0.5 s, another (middle at 4 s), shot C:
    // the cut that starts the second fade is also within reach of the first one's black.
    const [a, b, c] = [shot(1), shot(2), shot(3)];
    const frames: Buffer[] = [];
    const hold = (f: Buffer, seconds: number) => {
      for (let i = 0; i < seconds * FPS; i++) frames.push(f);
    };
    const fade = (from: Buffer, to: Buffer) => {
      const half = FPS / 2;
      for (let i = 0; i < half; i++) frames.push(dimmed(from, 1 - (i + 1) / half));
      for (let i = 0; i < half; i++) frames.push(dimmed(to, (i + 1) / half));
    };
    hold(a, 2);
    fade(a, b);
    hold(b, 0.5);
    fade(b, c);
    hold(c, 2);
    const detector = new CutDetector(FPS);
    for (const f of frames) detector.push(cutFrame(f));
    const times = detector.boundaries(0.3, frames.length / FPS).map((t) => t.time);
    assert.equal(times.length, 2, JSON.stringify(times));
    assert.ok(Math.abs(times[0] - 2.5) <= 0.3, JSON.stringify(times));
    assert.ok(Math.abs(times[1] - 4) <= 0.3, JSON.stringify(times));
  });
});
