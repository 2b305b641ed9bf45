import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { randomMask, seededRandom, walkedFrom } from '../../test/support/random-masks.js';
import { floodFill } from './flood-fill.js';

/** What a fill marks by the definition: the seeds, and every acceptable pixel a path of acceptable pixels joins to one. */
function byDefinition(into: Uint8Array, seeds: number[], ok: (j: number) => boolean, w: number, h: number, diagonal: boolean): Uint8Array {
  const out = into.slice();
  for (const j of walkedFrom(
    seeds.filter((s) => !into[s]),
    (j) => !into[j] && ok(j),
    w,
    h,
    diagonal,
  ))
    out[j] = 1;
  return out;
}

describe('floodFill', () => {
  it('marks what a path of acceptable pixels joins to the seeds, 8- or 4-connected, past pixels marked before', () => {
    const random = seededRandom(39);
    for (let n = 0; n < 400; n++) {
      const [w, h, density, diagonal] = [1 + Math.floor(random() * 50), 1 + Math.floor(random() * 30), random(), random() < 0.5];
      const mask = randomMask(random, w, h, density);
      const before = randomMask(random, w, h, 0.05);
      const seeds = Array.from({ length: Math.floor(random() * 4) }, () => Math.floor(random() * w * h));
      const ok = (j: number) => mask[j] === 1;
      const filled = before.slice();
      floodFill(filled, seeds, ok, w, h, diagonal);
      assert.deepEqual(filled, byDefinition(before, seeds, ok, w, h, diagonal), `${w}x${h} ${diagonal ? '8' : '4'}-connected`);
    }
  });
});
