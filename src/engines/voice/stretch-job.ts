/**
 * What voice-isolation.ts hands each worker thread: shared 16-bit mono input and output, and the stretch
 * [from, to) of samples the worker writes. A recurrent denoiser starts reading at `warmFrom` (a little before
 * `from`) so that its state has settled by `from`.
 */
export interface StretchJob {
  input: SharedArrayBuffer;
  output: SharedArrayBuffer;
  warmFrom: number;
  from: number;
  to: number;
}
