import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readBatches } from './read-batches.js';

/** A job for a region seen in `seen` samples, named for the test. */
const job = (name: string, seen: number) => ({ name, track: { samples: Array.from({ length: seen }, (_, i) => i) } });
const sizes = (batches: unknown[][]) => batches.map((b) => b.length);

describe('readBatches', () => {
  it('reads the regions on screen longest first, in the order they came when they lasted as long', () => {
    const jobs = [job('glimpse', 1), job('caption', 10), job('pop', 2), job('title', 10)];
    assert.deepEqual(
      readBatches(jobs, 2)
        .flat()
        .map((j) => j.name),
      ['caption', 'title', 'pop', 'glimpse'],
    );
  });

  it('reads a caption that stays in a batch of its own before a screen of glimpses', () => {
    const jobs = [...Array.from({ length: 52 }, (_, i) => job(`texture ${i}`, 1)), job('caption', 10)];
    const batches = readBatches(jobs, 2);
    assert.deepEqual(
      batches[0].map((j) => j.name),
      ['caption'],
    );
    assert.deepEqual(sizes(batches), [1, 24, 24, 4]);
  });

  it('reads a few glimpses with the regions that stay, in as many batches as cores', () => {
    const jobs = [
      ...Array.from({ length: 20 }, (_, i) => job(`caption ${i}`, 4)),
      ...Array.from({ length: 8 }, (_, i) => job(`glimpse ${i}`, 1)),
    ];
    const batches = readBatches(jobs, 2);
    assert.deepEqual(sizes(batches), [14, 14]);
    assert.ok(batches[1].slice(-8).every((j) => j.name.startsWith('glimpse')));
  });

  it('spreads regions that all stay over the cores, in batches of at most 24, and keeps every job once', () => {
    assert.deepEqual(
      sizes(
        readBatches(
          Array.from({ length: 30 }, (_, i) => job(`j${i}`, 3)),
          2,
        ),
      ),
      [15, 15],
    );
    assert.deepEqual(
      sizes(
        readBatches(
          Array.from({ length: 100 }, (_, i) => job(`j${i}`, 3)),
          2,
        ),
      ),
      [24, 24, 24, 24, 4],
    );
    const many = Array.from({ length: 57 }, (_, i) => job(`j${i}`, (i % 7) + 1));
    assert.deepEqual(new Set(readBatches(many, 3).flat()), new Set(many));
    assert.equal(readBatches(many, 3).flat().length, 57);
  });
});
