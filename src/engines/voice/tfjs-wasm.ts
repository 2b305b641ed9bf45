import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
export type Tf = typeof import('@tensorflow/tfjs-core');
let loading: Promise<Tf> | null = null;

/**
 * TensorFlow.js on its WebAssembly backend (XNNPACK, SIMD where the CPU has it; single-threaded), with the .wasm
 * files read from the local package (they ship in npm; nothing is fetched). Loaded once per thread, on first use.
 */
export function loadTfWasm(): Promise<Tf> {
  return (loading ??= (async () => {
    // Both by their CommonJS builds: the backend registers itself with the CommonJS copy of tfjs-core, which an
    // ESM import would not share.
    const tf = require('@tensorflow/tfjs-core') as Tf;
    const wasm = require('@tensorflow/tfjs-backend-wasm') as typeof import('@tensorflow/tfjs-backend-wasm');
    wasm.setWasmPaths(`${path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm'))}/`);
    if (!(await tf.setBackend('wasm'))) throw new Error('the TensorFlow.js WebAssembly backend did not start');
    return tf;
  })());
}
