import { parentPort, workerData } from 'node:worker_threads';
import { isolateVoice } from './voice-isolation.js';
import type { IsolationJob } from './voice-isolation-thread.js';

/** isolateVoice for voice-isolation-thread.ts: posts its result; a message 'abort' aborts it (it then throws). */
const { ffmpeg, audio, workDir, parallelism, readings } = workerData as IsolationJob;
const controller = new AbortController();
parentPort?.on('message', (m) => m === 'abort' && controller.abort());
parentPort?.unref(); // the passes and processes keep the thread alive, not the port
parentPort?.postMessage(await isolateVoice(ffmpeg, audio, workDir, controller.signal, parallelism, readings));
