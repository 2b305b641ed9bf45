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

/** DTLN's output for `x` handed over `piece` samples at a time (`reference`: its products in plain JS). */
async function enhance(x: Float32Array, piece: number, reference = false): Promise<Float32Array> {
  const dtln = await Dtln.load(undefined, reference);
  const out = new Float32Array(x.length);
  for (let at = 0; at < x.length; at += piece) {
    const end = Math.min(x.length, at + piece);
    dtln.process(x.subarray(at, end), out.subarray(at, end));
  }
  return out;
}

describe('DTLN run layer by layer', () => {
  it('gives what the model gives block by block in plain JS, however the input is cut', async () => {
    const x = signal();
    const stepwise = await enhance(x, DTLN_SHIFT, true);
    let energy = 0;
    for (const v of stepwise) energy += v * v;
    assert.ok(energy > 1, `the output is not silent (energy ${energy})`);
    // Whole (several chunks of blocks and a partial one), in pieces of an odd number of blocks, and one at a time.
    for (const piece of [x.length, 7 * DTLN_SHIFT, DTLN_SHIFT]) {
      const layerwise = await enhance(x, piece);
      let worst = 0;
      for (let i = 0; i < x.length; i++) worst = Math.max(worst, Math.abs(layerwise[i] - stepwise[i]));
      // Float32 sums in another order: the last bits differ (a 16-bit sample is 3e-5).
      assert.ok(worst <= 1e-5, `pieces of ${piece} samples: largest difference ${worst}`);
    }
  });

  it('takes only whole shifts', async () => {
    const dtln = await Dtln.load();
    assert.throws(() => dtln.process(new Float32Array(100), new Float32Array(100)), /whole shifts/);
  });
});
