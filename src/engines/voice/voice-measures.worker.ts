import { parentPort, workerData } from 'node:worker_threads';
import { measuresOf } from './voice-isolation.js';

/**
 * The measures voice-isolation.ts takes of the whole 16 kHz audio before its passes, off the main thread (an FFT over
 * every 32 ms: about 0.4 s of CPU a minute of audio): whether it is telephone-band (then given a high band again, in
 * place in the shared samples), and the floor between the words against the voice.
 */
parentPort?.postMessage(measuresOf(new Int16Array((workerData as { input: SharedArrayBuffer }).input)));
