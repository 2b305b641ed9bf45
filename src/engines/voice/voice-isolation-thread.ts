import { Worker } from 'node:worker_threads';
import type { IsolatedVoice } from './voice-isolation.js';

/** What voice-isolation-thread.worker.ts is given: isolateVoice's arguments but the signal (sent as a message). */
export interface IsolationJob {
  ffmpeg: string;
  audio: string;
  workDir: string;
  parallelism: number;
  readings: number;
}

/**
 * isolateVoice (voice-isolation.ts) in a thread of its own, which ends with it. Its buffers (the audio at 16 and
 * 48 kHz, the shared input and output of every pass: about 63 MB on a 3-minute clip without a bed) are garbage once
 * it returns, but the main thread, idle while the engine decodes, ran no major collection before the captions' step
 * added its own: they set the worker's peak RSS. A thread's buffers are freed when it ends. The same readings, byte
 * for byte; the thread's start (about 0.08 s of CPU) is paid back by measuring the voice on it rather than on a
 * thread of its own.
 */
export function isolateVoiceInThread(job: IsolationJob, signal: AbortSignal): Promise<IsolatedVoice> {
  signal.throwIfAborted();
  return new Promise<IsolatedVoice>((resolve, reject) => {
    const worker = new Worker(new URL('./voice-isolation-thread.worker.js', import.meta.url), { workerData: job });
    let result: IsolatedVoice | null = null;
    // The thread aborts its own passes and ffmpeg processes, then ends (rejecting with its AbortError).
    const abort = () => worker.postMessage('abort');
    signal.addEventListener('abort', abort, { once: true });
    worker.on('message', (m) => (result = m as IsolatedVoice));
    worker.once('error', (err) => {
      signal.removeEventListener('abort', abort);
      reject(signal.aborted ? (signal.reason ?? err) : err);
    });
    worker.once('exit', (code) => {
      signal.removeEventListener('abort', abort);
      if (result) resolve(result);
      else reject(signal.aborted ? signal.reason : new Error(`voice isolation's thread stopped with code ${code}`));
    });
  });
}
