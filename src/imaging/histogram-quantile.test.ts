import assert from 'node:assert/strict';
import { it } from 'node:test';
import { seededRandom } from '../../test/support/random-masks.js';
import { histogramMedian, histogramQuantile } from './histogram-quantile.js';

it('is the median of the values counted, by the definition (the value at index floor(n / 2) of them sorted)', () => {
  const random = seededRandom(7);
  for (let round = 0; round < 200; round++) {
    const values = Array.from({ length: 1 + Math.floor(random() * 50) }, () => Math.floor(random() * (round % 2 ? 4 : 256)));
    const counts = new Uint32Array(256);
    for (const v of values) counts[v]++;
    const sorted = [...values].sort((a, b) => a - b);
    assert.equal(histogramMedian(counts, values.length), sorted[Math.floor(values.length / 2)], JSON.stringify(values));
  }
});

it('is the top value of an empty histogram (nothing counted: no value is at or below half)', () => {
  assert.equal(histogramMedian(new Uint32Array(256), 0), 255);
});

it('is the quantile of the values counted, by the definition (the value at index floor(q * n) of them sorted)', () => {
  const random = seededRandom(11);
  for (let round = 0; round < 200; round++) {
    const values = Array.from({ length: 1 + Math.floor(random() * 300) }, () => Math.floor(random() * 256));
    const counts = new Uint32Array(256);
    for (const v of values) counts[v]++;
    const sorted = [...values].sort((a, b) => a - b);
    for (const q of [0.1, 0.9, 0.99])
      assert.equal(histogramQuantile(counts, values.length, q), sorted[Math.floor(q * values.length)], `${q} ${JSON.stringify(values)}`);
  }
});
