import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { runProcess } from '../../media/run-process.js';

/**
 * The voice isolated from a music bed or noise before recognition: RNNoise (xiph's recurrent denoiser, its
 * model compiled into @echogarden/rnnoise-wasm) at 48 kHz, back to 16 kHz mono WAV. Measured on flite
 * speech under generated chords (bench/quality): it roughly halves pocketsphinx's word errors under music
 * and does not hurt clean speech; ffmpeg's afftdn, anlmdn and voice-band filters all made it worse.
 */
export async function isolateVoice(ffmpeg: string, audio: string, workDir: string, signal: AbortSignal): Promise<string> {
  const raw = path.join(workDir, 'voice-48k.raw');
  const out = path.join(workDir, 'voice-16k.wav');
  await runProcess(ffmpeg, ['-v', 'error', '-y', '-i', audio, '-ac', '1', '-ar', '48000', '-f', 's16le', raw], { signal, name: 'ffmpeg' });
  await new Promise<void>((resolve, reject) => {
    const worker = new Worker(new URL('./voice-isolation.worker.js', import.meta.url), { workerData: { file: raw } });
    const abort = () => void worker.terminate().then(() => reject(signal.reason ?? new Error('aborted')));
    signal.addEventListener('abort', abort, { once: true });
    worker.once('message', () => resolve());
    worker.once('error', reject);
    worker.once('exit', (code) => {
      signal.removeEventListener('abort', abort);
      if (code !== 0) reject(new Error(`voice isolation stopped with code ${code}`));
    });
  });
  await runProcess(ffmpeg, ['-v', 'error', '-y', '-f', 's16le', '-ar', '48000', '-ac', '1', '-i', raw, '-ar', '16000', '-c:a', 'pcm_s16le', out], { signal, name: 'ffmpeg' });
  fs.rmSync(raw, { force: true });
  return out;
}
