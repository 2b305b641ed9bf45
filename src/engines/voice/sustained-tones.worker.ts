import { workerData } from 'node:worker_threads';
import type { StretchJob } from './stretch-job.js';
import { removeSustainedTones } from './sustained-tones.js';

/** removeSustainedTones over one stretch of shared 16 kHz audio, off the main thread (see voice-isolation.ts). */
const { input, output, from, to } = workerData as StretchJob;
removeSustainedTones(new Int16Array(input), new Int16Array(output), from, to);
