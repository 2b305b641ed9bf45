import { parentPort, workerData } from 'node:worker_threads';
import { DTLN_DELAY, DTLN_SHIFT, Dtln } from './dtln.js';
import type { StretchJob } from './stretch-job.js';

/**
 * DTLN (dtln.ts) over one stretch of 16 kHz mono 16-bit audio, off the main thread (about 0.3 s of CPU per
 * second of audio). Like RNNoise it is recurrent: it starts at `warmFrom` so that its state has settled by
 * `from`, and it writes only the samples from `from` to `to`, its delay taken back out. Posts 'done'.
 */
const { input, output, warmFrom, from, to } = workerData as StretchJob;
const source = new Int16Array(input);
const target = new Int16Array(output);
const dtln = Dtln.load();
const block = new Float32Array(DTLN_SHIFT);
const enhanced = new Float32Array(DTLN_SHIFT);
for (let at = warmFrom; at < to + DTLN_DELAY; at += DTLN_SHIFT) {
  for (let j = 0; j < DTLN_SHIFT; j++) block[j] = at + j < source.length ? source[at + j] / 32768 : 0;
  dtln.step(block, enhanced);
  for (let j = 0; j < DTLN_SHIFT; j++) {
    const n = at + j - DTLN_DELAY;
    if (n >= from && n < to) target[n] = Math.max(-32768, Math.min(32767, Math.round(enhanced[j] * 32768)));
  }
}
parentPort?.postMessage('done');
