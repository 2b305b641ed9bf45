import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import createRnnoise from '@echogarden/rnnoise-wasm';

/**
 * Runs RNNoise over a raw 48 kHz mono 16-bit file, in place, off the main thread (about 0.05 s of CPU per
 * second of audio). workerData: { file }. Posts 'done'.
 */
/** Below this level (dBFS) a 10 ms frame of the denoised audio holds no voice. */
const QUIET_DB = -35;
const MIN_QUIET_FRAMES = 20;
const EDGE_FRAMES = 5;

const { file } = workerData as { file: string };
const bytes = fs.readFileSync(file);
const pcm = new Int16Array(bytes.buffer, bytes.byteOffset, Math.floor(bytes.length / 2));
const rnnoise = await createRnnoise();
const state = rnnoise._rnnoise_create(0);
const size = rnnoise._rnnoise_get_frame_size();
const frame = rnnoise._malloc(size * 4);
try {
  for (let at = 0; at + size <= pcm.length; at += size) {
    const view = rnnoise.HEAPF32.subarray(frame / 4, frame / 4 + size);
    for (let j = 0; j < size; j++) view[j] = pcm[at + j];
    rnnoise._rnnoise_process_frame(state, frame, frame);
    const out = rnnoise.HEAPF32.subarray(frame / 4, frame / 4 + size); // the heap may have grown
    for (let j = 0; j < size; j++) pcm[at + j] = Math.max(-32768, Math.min(32767, Math.round(out[j])));
  }
} finally {
  rnnoise._free(frame);
  rnnoise._rnnoise_destroy(state);
}
muteUnvoiced(pcm, size);
fs.writeFileSync(file, pcm);

/**
 * Recognise only the voiced regions: once the music is gone, the pauses between sentences are quiet, and
 * any run of quiet frames of 0.2 s or more is turned down 40 dB (its 50 ms edges kept), so the engine
 * hears silence there instead of leftover music it would turn into words.
 */
function muteUnvoiced(samples: Int16Array, frameSize: number): void {
  const frames = Math.floor(samples.length / frameSize);
  const quiet = (k: number) => {
    let energy = 0;
    for (let j = k * frameSize; j < (k + 1) * frameSize; j++) energy += samples[j] * samples[j];
    return 10 * Math.log10(energy / frameSize / 32768 ** 2 + 1e-12) < QUIET_DB;
  };
  const flags = Array.from({ length: frames }, (_, k) => quiet(k));
  for (let k = 0; k < frames; ) {
    if (!flags[k]) {
      k++;
      continue;
    }
    let end = k;
    while (end < frames && flags[end]) end++;
    if (end - k >= MIN_QUIET_FRAMES) {
      for (let j = (k + EDGE_FRAMES) * frameSize; j < (end - EDGE_FRAMES) * frameSize; j++) samples[j] = Math.round(samples[j] / 100);
    }
    k = end;
  }
}
parentPort?.postMessage('done');
