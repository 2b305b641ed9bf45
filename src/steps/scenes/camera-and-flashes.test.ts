import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cutFrame } from '../../../test/support/cut-frames.js';
import { CUT_FRAME_HEIGHT, CUT_FRAME_WIDTH, CutDetector } from './cut-detector.js';

const FPS = 25;
const [W, H] = [CUT_FRAME_WIDTH, CUT_FRAME_HEIGHT];

/** A picture wider and taller than a frame (`scale` times): blocks of colour from a seeded generator, for a camera to move over. */
function picture(seed: number, scale = 3): { width: number; height: number; pixels: Buffer } {
  let x = seed;
  const random = () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x / 2147483648;
  };
  const [width, height] = [W * scale, H * scale];
  const block = 5;
  const colours = Array.from({ length: Math.ceil(width / block) * Math.ceil(height / block) }, () =>
    [random(), random(), random()].map((v) => Math.round(30 + v * 200)),
  );
  const pixels = Buffer.alloc(width * height * 3);
  for (let py = 0; py < height; py++)
    for (let px = 0; px < width; px++)
      pixels.set(colours[Math.floor(py / block) * Math.ceil(width / block) + Math.floor(px / block)], (py * width + px) * 3);
  return { width, height, pixels };
}

/** The frame a camera sees at (left, top) of the picture. */
function view(p: { width: number; pixels: Buffer }, left: number, top: number): Buffer {
  const out = Buffer.alloc(W * H * 3);
  for (let y = 0; y < H; y++) p.pixels.copy(out, y * W * 3, ((top + y) * p.width + left) * 3, ((top + y) * p.width + left + W) * 3);
  return out;
}

function boundaries(frames: Buffer[]): number[] {
  const detector = new CutDetector(FPS);
  for (const f of frames) detector.push(cutFrame(f));
  return detector.boundaries(0.3, frames.length / FPS).map((b) => b.time);
}

const still = (frame: Buffer, n: number) => Array.from({ length: n }, () => frame);

describe('cut detector: camera motion and flashes', () => {
  it('finds no boundary in a flash of three white frames', () => {
    const a = view(picture(1), W, H);
    const frames = [...still(a, 50), ...still(Buffer.alloc(W * H * 3, 255), 3), ...still(a, 47)];
    assert.deepEqual(boundaries(frames), []);
  });

  it('finds one boundary at a cut through a flash', () => {
    const [a, b] = [view(picture(1), W, H), view(picture(2), W, H)];
    const frames = [...still(a, 50), ...still(Buffer.alloc(W * H * 3, 255), 2), ...still(b, 48)];
    const found = boundaries(frames);
    assert.equal(found.length, 1, JSON.stringify(found));
    assert.ok(Math.abs(found[0] - 2) <= 0.2, JSON.stringify(found));
  });

  it('finds no boundary under a shaking camera or a whip pan over one picture', () => {
    const p = picture(3);
    // Up to 5 pixels a frame (a tenth of the width), back and forth.
    const shake = Array.from({ length: 100 }, (_, i) =>
      view(p, W + Math.round(4 * Math.sin(i * 0.5) + 2 * Math.sin(i * 1.4)), H + Math.round(2 * Math.sin(i * 0.7))),
    );
    assert.deepEqual(boundaries(shake), []);
    // Still, then most of a frame's width in 0.3 s (smoothly in and out), then still.
    const whip = Array.from({ length: 100 }, (_, i) => {
      const u = Math.min(1, Math.max(0, (i - 40) / 8));
      return view(p, Math.round(1.5 * W * u * u * (3 - 2 * u)), H);
    });
    assert.deepEqual(boundaries(whip), []);
  });

  it('finds a wipe from one shot to another as one boundary at its middle', () => {
    const [a, b] = [view(picture(4), W, H), view(picture(5), W, H)];
    // 0.8 s, left to right: the middle at 2.4 s.
    const wipe = Array.from({ length: 20 }, (_, i) => {
      const edge = Math.round(((i + 1) / 21) * W);
      const f = Buffer.from(a);
      for (let y = 0; y < H; y++) b.copy(f, y * W * 3, y * W * 3, (y * W + edge) * 3);
      return f;
    });
    const found = boundaries([...still(a, 50), ...wipe, ...still(b, 50)]);
    assert.equal(found.length, 1, JSON.stringify(found));
    assert.ok(Math.abs(found[0] - 2.4) <= 0.3, JSON.stringify(found));
  });

  it('finds no boundary in a flash over a busy picture (a third of it changing every frame)', () => {
    let x = 7;
    const random = () => {
      x = (x * 1103515245 + 12345) % 2147483648;
      return x / 2147483648;
    };
    const block = 4;
    const [bw, bh] = [W / block, Math.ceil(H / block)];
    const colour = () => [random(), random(), random()].map((v) => Math.round(30 + v * 200));
    const colours = Array.from({ length: bw * bh }, colour);
    const moving = Array.from({ length: bw * bh }, (_, i) => i).filter(() => random() < 0.3);
    const frames = Array.from({ length: 100 }, (_, f) => {
      for (const i of moving) colours[i] = colour();
      const pixels = Buffer.alloc(W * H * 3, f >= 50 && f < 53 ? 255 : 0);
      if (f < 50 || f >= 53)
        for (let y = 0; y < H; y++)
          for (let px = 0; px < W; px++) pixels.set(colours[Math.floor(y / block) * bw + Math.floor(px / block)], (y * W + px) * 3);
      return pixels;
    });
    // The frames around the flash differ as much as any frames of the picture do (about a third): it came back.
    assert.deepEqual(boundaries(frames), []);
  });

  it('finds no boundary where the camera pans off a coloured corner into a flat picture', () => {
    // Orange fading into brown over a frame's width from the top-left corner; brown elsewhere.
    const [pw, ph] = [W * 3, H * 2];
    const p = { width: pw, height: ph, pixels: Buffer.alloc(pw * ph * 3) };
    for (let y = 0; y < ph; y++)
      for (let px = 0; px < pw; px++) {
        const t = Math.max(0, 1 - Math.hypot(px, y) / W);
        p.pixels.set([0x55 + t * (0xe0 - 0x55), 0x38 + t * (0x50 - 0x38), 0x38 - t * 0x20].map(Math.round), (y * pw + px) * 3);
      }
    // The corner leaves the frame as the camera pans right and down (a fade into a flat colour, to the mix test).
    const frames = Array.from({ length: 150 }, (_, f) => view(p, Math.round((f * 0.16 * W) / FPS), Math.round((f * 0.064 * W) / FPS)));
    assert.deepEqual(boundaries(frames), []);
  });
});
