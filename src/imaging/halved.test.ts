import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { halved } from './halved.js';

describe('halved', () => {
  it('gives the rounded mean of each 2 x 2 block, channel by channel, and drops an odd last row and column', () => {
    // 5 x 3, one channel: blocks (0,0) 0 10 / 20 31 -> 15.25 -> 15; (1,0) 100 100 / 100 103 -> 100.75 -> 101.
    const grey = Uint8Array.from([0, 10, 100, 100, 7, 20, 31, 100, 103, 7, 9, 9, 9, 9, 9]);
    assert.deepEqual([...halved(grey, 5, 3, 1)], [15, 101]);
    // 2 x 2, three channels: one pixel, each channel its own mean.
    const rgb = Uint8Array.from([255, 0, 10, 255, 0, 20, 255, 4, 30, 255, 4, 40]);
    assert.deepEqual([...halved(rgb, 2, 2, 3)], [255, 2, 25]);
  });
});
