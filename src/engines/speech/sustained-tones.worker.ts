import { workerData } from 'node:worker_threads';
import { removeSustainedTones } from './sustained-tones.js';

/** removeSustainedTones over one stretch of shared 16 kHz audio, off the main thread (see voice-isolation.ts). */
interface Job {
  input: SharedArrayBuffer;
  output: SharedArrayBuffer;
  from: number;
  to: number;
}

const { input, output, from, to } = workerData as Job;
removeSustainedTones(new Int16Array(input), new Int16Array(output), from, to);
