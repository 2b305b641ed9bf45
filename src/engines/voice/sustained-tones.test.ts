import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { removeSustainedTones } from './sustained-tones.js';

const RATE = 16000;
const rms = (a: ArrayLike<number>, from: number, to: number) => {
  let sum = 0;
  for (let k = from; k < to; k++) sum += a[k] * a[k];
  return Math.sqrt(sum / (to - from));
};

describe('sustained-tone removal (music beds under speech)', () => {
  // 8 s of a held chord (C major, three harmonics per note) and, from 2 s on, "syllables": 0.25 s bursts of a
  // voice-like tone (five harmonics) whose pitch glides from 110 to 140 Hz, one every 0.5 s.
  const seconds = 8;
  const chord = new Float64Array(seconds * RATE);
  const voice = new Float64Array(seconds * RATE);
  for (let k = 0; k < chord.length; k++) {
    const t = k / RATE;
    for (const f of [261.6, 329.6, 392]) for (const h of [1, 2, 3]) chord[k] += (1500 / h) * Math.sin(2 * Math.PI * f * h * t);
    const into = (t % 0.5) / 0.25;
    if (t >= 2 && into < 1) {
      const phase = 2 * Math.PI * (110 * (t % 0.5) + (30 * (t % 0.5) ** 2) / 0.5);
      for (let h = 1; h <= 5; h++) voice[k] += (3000 / h) * Math.sin(h * phase) * Math.sin(Math.PI * into);
    }
  }
  const input = Int16Array.from(chord, (c, k) => Math.round(c + voice[k]));
  const output = new Int16Array(input.length);
  removeSustainedTones(input, output);

  it('takes a held chord down by more than 15 dB where nobody speaks', () => {
    const ratio = rms(output, 0.5 * RATE, 1.8 * RATE) / rms(input, 0.5 * RATE, 1.8 * RATE);
    assert.ok(ratio < 0.18, `chord left at ${ratio.toFixed(3)} of its level`);
  });

  it('keeps the gliding voice over it: what is left is closer to the voice than to the mix', () => {
    const from = 3 * RATE;
    const to = 7 * RATE;
    const diff = (a: ArrayLike<number>) =>
      rms(
        Float64Array.from({ length: to - from }, (_, j) => a[from + j] - voice[from + j]),
        0,
        to - from,
      );
    const before = diff(input);
    const after = diff(output);
    assert.ok(after < before * 0.4, `distance to the voice: ${before.toFixed(0)} before, ${after.toFixed(0)} after`);
    assert.ok(rms(output, from, to) > 0.6 * rms(voice, from, to), 'the voice keeps most of its level');
  });
});
