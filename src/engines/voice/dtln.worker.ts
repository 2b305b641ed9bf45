import { parentPort, workerData } from 'node:worker_threads';
import { DTLN_DELAY, DTLN_SHIFT, Dtln } from './dtln.js';
import type { StretchJob } from './stretch-job.js';

/**
 * DTLN (dtln.ts) over one stretch of 16 kHz mono 16-bit audio, off the main thread. Like RNNoise it is
 * recurrent: it starts at `warmFrom` so that its state has settled by `from`, and it writes only the samples from
 * `from` to `to`, its delay taken back out. Posts 'done'.
 */
const { input, output, warmFrom, from, to } = workerData as StretchJob;
const source = new Int16Array(input);
const target = new Int16Array(output);
const dtln = await Dtln.load();
/** Samples handed to DTLN at a time: a few hundred blocks, so that memory stays bounded on long audio. */
const PIECE = 256 * DTLN_SHIFT;
const piece = new Float32Array(PIECE);
const enhanced = new Float32Array(PIECE);
const end = to + DTLN_DELAY;
for (let at = warmFrom; at < end; at += PIECE) {
  const length = Math.min(PIECE, Math.ceil((end - at) / DTLN_SHIFT) * DTLN_SHIFT);
  for (let j = 0; j < length; j++) piece[j] = at + j < source.length ? source[at + j] / 32768 : 0;
  dtln.process(piece.subarray(0, length), enhanced);
  for (let j = 0; j < length; j++) {
    const n = at + j - DTLN_DELAY;
    if (n >= from && n < to) target[n] = Math.max(-32768, Math.min(32767, Math.round(enhanced[j] * 32768)));
  }
}
parentPort?.postMessage('done');
