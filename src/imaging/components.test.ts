import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { randomMask, seededRandom, walkedFrom } from '../../test/support/random-masks.js';
import { components } from './components.js';

/** Components by the definition: a breadth-first walk over each pixel's 8 (4) neighbours, in scan order of their first pixel. */
function byDefinition(mask: Uint8Array, w: number, h: number, diagonal: boolean): string[] {
  const labelled = new Uint8Array(w * h);
  const out: string[] = [];
  for (let start = 0; start < w * h; start++) {
    if (!mask[start] || labelled[start]) continue;
    const pixels = walkedFrom([start], (j) => mask[j] === 1, w, h, diagonal);
    for (const p of pixels) labelled[p] = 1;
    out.push(described(pixels, w));
  }
  return out;
}

function described(pixels: Iterable<number>, w: number): string {
  const sorted = [...pixels].sort((a, b) => a - b);
  const xs = sorted.map((i) => i % w);
  const ys = sorted.map((i) => Math.floor(i / w));
  const box = [Math.min(...xs), Math.min(...ys), Math.max(...xs) - Math.min(...xs) + 1, Math.max(...ys) - Math.min(...ys) + 1];
  return `${box.join(',')}: ${sorted.join(' ')}`;
}

describe('components', () => {
  it('finds the 8- and 4-connected components of random masks, their boxes and pixels, in scan order', () => {
    const random = seededRandom(41);
    for (let n = 0; n < 400; n++) {
      const [w, h, density, diagonal] = [1 + Math.floor(random() * 50), 1 + Math.floor(random() * 30), random(), random() < 0.5];
      const mask = randomMask(random, w, h, density);
      const found = components(mask, w, h, diagonal).map((c) => {
        assert.equal(`${c.left},${c.top},${c.width},${c.height}`, described(c.pixels, w).split(':')[0]);
        return described(c.pixels, w);
      });
      assert.deepEqual(found, byDefinition(mask, w, h, diagonal), `${w}x${h} ${diagonal ? '8' : '4'}-connected`);
    }
  });

  it('fills components larger than its first lists: a dense mask, and a comb of thousands of teeth under one bar', () => {
    const random = seededRandom(7);
    const [w, h] = [300, 200];
    const dense = randomMask(random, w, h, 0.8);
    assert.deepEqual(
      components(dense, w, h).map((c) => described(c.pixels, w)),
      byDefinition(dense, w, h, true),
    );
    // One bar along the top, a tooth under every other pixel of it: the bar's run leaves a seed for each tooth.
    const long = 12001;
    const comb = Uint8Array.from({ length: long * 3 }, (_, i) => (i < long || (i % long) % 2 === 0 ? 1 : 0));
    const [one] = components(comb, long, 3, false);
    assert.equal(components(comb, long, 3, false).length, 1);
    assert.equal(one.pixels.length, long + 2 * 6001);
    assert.equal(described(one.pixels, long), byDefinition(comb, long, 3, false)[0]);
  });
});
