import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Pipeline } from '../pipelines/pipeline.types.js';
import { type JobDurations, MemoryJobDurations } from './job-durations.js';
import { TypicalDurations } from './typical-durations.js';

const pipeline = { path: '/analyze', estimatedSeconds: 60 } as Pipeline;
const settle = () => new Promise((r) => setImmediate(r));

describe('TypicalDurations', () => {
  it("is the pipeline's estimate until a duration is measured, then the median of the latest, in whole seconds", async () => {
    const durations = new MemoryJobDurations();
    const typical = new TypicalDurations(durations);
    assert.equal(typical.seconds(pipeline), 60);
    for (const s of [7.2, 9.9, 8.1, 30, 7.9]) await durations.record('/analyze', s);
    await typical.read('/analyze');
    assert.equal(typical.seconds(pipeline), 9); // the median 8.1, rounded up
  });

  it('keeps its last figure when the store cannot answer, and never throws', async () => {
    let failing = false;
    const inner = new MemoryJobDurations();
    const durations: JobDurations = {
      record: (p, s) => inner.record(p, s),
      recent: (p) => (failing ? Promise.reject(new Error('store down')) : inner.recent(p)),
    };
    const typical = new TypicalDurations(durations);
    await durations.record('/analyze', 2.5);
    await typical.read('/analyze');
    failing = true;
    await assert.rejects(typical.read('/analyze'));
    assert.equal(typical.seconds(pipeline), 3);
    await settle();
    assert.equal(typical.seconds(pipeline), 3);
  });

  it('keeps only the latest durations of a route', async () => {
    const durations = new MemoryJobDurations();
    for (let i = 0; i < 60; i++) await durations.record('/analyze', 100);
    for (let i = 0; i < 50; i++) await durations.record('/analyze', 4);
    const typical = new TypicalDurations(durations);
    await typical.read('/analyze');
    assert.equal(typical.seconds(pipeline), 4);
  });
});
