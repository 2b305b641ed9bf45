import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DTLN_SHIFT, Dtln } from './dtln.js';

/** 2.5 s at 16 kHz: a vowel-like tone whose pitch glides, in bursts, over seeded noise. */
function signal(): Float32Array {
  const x = new Float32Array(Math.floor(40000 / DTLN_SHIFT) * DTLN_SHIFT);
  let seed = 12345;
  const noise = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648 - 0.5;
  };
  let phase = 0;
  for (let i = 0; i < x.length; i++) {
    const t = i / 16000;
    phase += (2 * Math.PI * (140 + 40 * Math.sin(2 * t))) / 16000;
    const burst = Math.sin(Math.PI * 3 * t) > 0 ? 1 : 0;
    x[i] = burst * 0.3 * (Math.sin(phase) + 0.5 * Math.sin(3 * phase)) + 0.05 * noise();
  }
  return x;
}

/** DTLN's output for `x` handed over `piece` samples at a time. */
function enhance(x: Float32Array, piece: number): Float32Array {
  const dtln = Dtln.load();
  const out = new Float32Array(x.length);
  for (let at = 0; at < x.length; at += piece) {
    const end = Math.min(x.length, at + piece);
    dtln.process(x.subarray(at, end), out.subarray(at, end));
  }
  return out;
}

describe('DTLN run layer by layer', () => {
  it('gives what it gives block by block, however the input is cut', () => {
    const x = signal();
    const stepwise = enhance(x, DTLN_SHIFT);
    let energy = 0;
    for (const v of stepwise) energy += v * v;
    assert.ok(energy > 1, `the output is not silent (energy ${energy})`);
    // Whole (several chunks of blocks and a partial one), and in pieces of an odd number of blocks.
    for (const piece of [x.length, 7 * DTLN_SHIFT]) {
      const layerwise = enhance(x, piece);
      let worst = 0;
      for (let i = 0; i < x.length; i++) worst = Math.max(worst, Math.abs(layerwise[i] - stepwise[i]));
      assert.ok(worst <= 1e-6, `pieces of ${piece} samples: largest difference ${worst}`);
    }
  });

  it('takes only whole shifts', () => {
    assert.throws(() => Dtln.load().process(new Float32Array(100), new Float32Array(100)), /whole shifts/);
  });
});
