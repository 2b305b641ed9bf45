import { parentPort, workerData } from 'node:worker_threads';
import createRnnoise from '@echogarden/rnnoise-wasm';
import type { StretchJob } from './stretch-job.js';

/**
 * RNNoise over one stretch of 48 kHz mono 16-bit audio, off the main thread (about 0.05 s of CPU per second
 * of audio). The denoiser is recurrent: it starts `warmFrom` (a little before `from`) so that its state has
 * settled by `from`; only samples from `from` to `to` are written. Posts 'done'.
 */
const { input, output, warmFrom, from, to } = workerData as StretchJob;
const source = new Int16Array(input);
const target = new Int16Array(output);
const rnnoise = await createRnnoise();
const state = rnnoise._rnnoise_create(0);
const size = rnnoise._rnnoise_get_frame_size();
const frame = rnnoise._malloc(size * 4);
try {
  for (let at = warmFrom; at < to; at += size) {
    const view = rnnoise.HEAPF32.subarray(frame / 4, frame / 4 + size);
    for (let j = 0; j < size; j++) view[j] = at + j < source.length ? source[at + j] : 0;
    rnnoise._rnnoise_process_frame(state, frame, frame);
    const out = rnnoise.HEAPF32.subarray(frame / 4, frame / 4 + size); // the heap may have grown
    for (let j = Math.max(0, from - at); j < size && at + j < to; j++)
      target[at + j] = Math.max(-32768, Math.min(32767, Math.round(out[j])));
  }
} finally {
  rnnoise._free(frame);
  rnnoise._rnnoise_destroy(state);
}
parentPort?.postMessage('done');
