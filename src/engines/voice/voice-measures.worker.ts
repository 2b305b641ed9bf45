import { parentPort, workerData } from 'node:worker_threads';
import { foldNarrowband, isNarrowband } from './narrowband.js';
import { floorUnderVoice, type VoiceMeasures } from './voice-isolation.js';

/**
 * The measures voice-isolation.ts takes of the whole 16 kHz audio before its passes, off the main thread (an FFT over
 * every 32 ms: about 0.4 s of CPU a minute of audio): whether it is telephone-band (then given a high band again, in
 * place in the shared samples), and the floor between the words against the voice.
 */
const samples = new Int16Array((workerData as { input: SharedArrayBuffer }).input);
const narrowband = isNarrowband(samples);
if (narrowband) foldNarrowband(samples);
parentPort?.postMessage({ narrowband, floorDb: floorUnderVoice(samples) } satisfies VoiceMeasures);
