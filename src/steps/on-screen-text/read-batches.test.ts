import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readBatches } from './read-batches.js';

/** A job for a region seen in `seen` samples, named for the test. */
const job = (name: string, seen: number) => ({ name, track: { samples: Array.from({ length: seen }, (_, i) => i) } });

describe('readBatches', () => {
  it('reads the regions on screen longest first, in the order they came when they lasted as long', () => {
    const jobs = [job('glimpse', 1), job('caption', 10), job('pop', 2), job('title', 10)];
    const order = readBatches(jobs, 2)
      .flat()
      .map((j) => j.name);
    assert.deepEqual(order, ['caption', 'title', 'pop', 'glimpse']);
  });

  it('starts with small batches, one per core, and grows them to at most 24 crops', () => {
    const jobs = Array.from({ length: 100 }, (_, i) => job(`j${i}`, 1));
    assert.deepEqual(
      readBatches(jobs, 2).map((b) => b.length),
      [4, 4, 8, 8, 16, 16, 24, 20],
    );
  });

  it('spreads a few crops over the cores, and keeps every job once', () => {
    const few = Array.from({ length: 5 }, (_, i) => job(`j${i}`, 1));
    assert.deepEqual(
      readBatches(few, 2).map((b) => b.length),
      [3, 2],
    );
    const many = Array.from({ length: 57 }, (_, i) => job(`j${i}`, (i % 7) + 1));
    assert.deepEqual(new Set(readBatches(many, 3).flat()), new Set(many));
    assert.equal(readBatches(many, 3).flat().length, 57);
  });
});
