import { Worker } from 'node:worker_threads';
import type { StretchJob } from '../voice/stretch-job.js';

/**
 * How much speech a track holds, from what RNNoise (the denoiser voice-isolation.ts runs) keeps of 48 kHz mono
 * 16-bit audio: the kept power times the share kept (in dB, 2 x kept - input). The denoiser keeps a voice and takes
 * out most of music, hiss and hum: on flite speech and the test music bed at the same level, speech keeps -21.4 dB
 * of -21.4, music -30.5 of -23.3, pink noise -39.6 of -28.4. The kept power alone lets music 10 dB over a voice
 * win on what the denoiser lets through of it; the share alone would let a track of faint voice-like sounds win.
 * A silent track scores -Infinity. About 0.04 s of CPU per second of audio, off the main thread.
 */
export async function speechScoreDb(pcm48k: Buffer, signal: AbortSignal): Promise<number> {
  const samples = Math.floor(pcm48k.length / 2);
  if (samples === 0) return -Infinity;
  const input = new SharedArrayBuffer(samples * 2);
  new Uint8Array(input).set(pcm48k.subarray(0, samples * 2));
  const output = new SharedArrayBuffer(input.byteLength);
  const job: StretchJob = { input, output, warmFrom: 0, from: 0, to: samples };
  await runDenoiser(job, signal);
  const [inputDb, keptDb] = [powerDb(new Int16Array(input)), powerDb(new Int16Array(output))];
  return keptDb === -Infinity ? -Infinity : 2 * keptDb - inputDb;
}

function powerDb(samples: Int16Array): number {
  let energy = 0;
  for (let i = 0; i < samples.length; i++) energy += samples[i] * samples[i];
  return energy > 0 ? 10 * Math.log10(energy / samples.length / 32768 ** 2) : -Infinity;
}

function runDenoiser(job: StretchJob, signal: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const worker = new Worker(new URL('../voice/voice-isolation.worker.js', import.meta.url), { workerData: job });
    const abort = () => void worker.terminate().then(() => reject(signal.reason ?? new Error('aborted')));
    signal.addEventListener('abort', abort, { once: true });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      signal.removeEventListener('abort', abort);
      if (code !== 0) reject(new Error(`the speech measure stopped with code ${code}`));
      else resolve();
    });
  });
}
