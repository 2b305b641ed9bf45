/** The RNNoise WASM build (@echogarden/rnnoise-wasm): an Emscripten module over xiph's rnnoise C API. */
declare module '@echogarden/rnnoise-wasm' {
  export interface RnnoiseModule {
    HEAPF32: Float32Array;
    _malloc(bytes: number): number;
    _free(pointer: number): void;
    _rnnoise_create(model: number): number;
    _rnnoise_destroy(state: number): void;
    _rnnoise_get_frame_size(): number;
    /** Denoises one frame (480 samples at 48 kHz, 16-bit range) in place; returns the voice probability. */
    _rnnoise_process_frame(state: number, out: number, input: number): number;
  }
  const createModule: () => Promise<RnnoiseModule>;
  export default createModule;
}
