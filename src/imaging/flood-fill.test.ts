import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { floodFill } from './flood-fill.js';

/** What a fill marks by the definition: the seeds, and every acceptable pixel a path of acceptable pixels joins to one. */
function byDefinition(into: Uint8Array, seeds: number[], ok: (j: number) => boolean, w: number, h: number, diagonal: boolean): Uint8Array {
  const out = into.slice();
  const queue = seeds.filter((s) => !out[s]);
  for (const s of queue) out[s] = 1;
  for (let k = 0; k < queue.length; k++) {
    const [x, y] = [queue[k] % w, Math.floor(queue[k] / w)];
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const [nx, ny] = [x + dx, y + dy];
        if ((dx && dy && !diagonal) || nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
        const j = ny * w + nx;
        if (!out[j] && ok(j)) {
          out[j] = 1;
          queue.push(j);
        }
      }
    }
  }
  return out;
}

describe('floodFill', () => {
  it('marks what a path of acceptable pixels joins to the seeds, 8- or 4-connected, past pixels marked before', () => {
    let seed = 39;
    const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    for (let n = 0; n < 400; n++) {
      const [w, h, density, diagonal] = [1 + Math.floor(random() * 50), 1 + Math.floor(random() * 30), random(), random() < 0.5];
      const mask = Uint8Array.from({ length: w * h }, () => (random() < density ? 1 : 0));
      const before = Uint8Array.from({ length: w * h }, () => (random() < 0.05 ? 1 : 0));
      const seeds = Array.from({ length: Math.floor(random() * 4) }, () => Math.floor(random() * w * h));
      const ok = (j: number) => mask[j] === 1;
      const filled = before.slice();
      floodFill(filled, seeds, ok, w, h, diagonal);
      assert.deepEqual(filled, byDefinition(before, seeds, ok, w, h, diagonal), `${w}x${h} ${diagonal ? '8' : '4'}-connected`);
    }
  });
});
