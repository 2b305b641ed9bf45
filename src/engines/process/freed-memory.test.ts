import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setImmediate as turn } from 'node:timers/promises';
import v8 from 'node:v8';
import vm from 'node:vm';
import { returnFreedMemory } from './freed-memory.js';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

/** The process's resident memory in MB, as /proc reads it. */
const rssMb = () => process.memoryUsage().rss / 1024 / 1024;

describe('returnFreedMemory', () => {
  it('gives the system back what the C library kept of freed buffers', async () => {
    // 1600 buffers of 64 kB (under glibc's mmap threshold: they come from its arenas), every 16th kept, so the
    // freed ones lie between live ones and free() alone cannot shrink the arena.
    const kept: Buffer[] = [];
    let buffers: Buffer[] | null = Array.from({ length: 1600 }, () => Buffer.allocUnsafeSlow(64 * 1024).fill(1));
    buffers.forEach((b, i) => i % 16 === 0 && kept.push(b));
    buffers = null;
    for (let i = 0; i < 3; i++) {
      gc();
      await turn();
    }
    const before = rssMb();
    assert.equal(returnFreedMemory(), true);
    const after = rssMb();
    assert.ok(before - after > 50, `RSS ${before.toFixed(0)} -> ${after.toFixed(0)} MB: about 94 MB freed should have been handed back`);
    assert.equal(kept.length, 100);
  });
});
