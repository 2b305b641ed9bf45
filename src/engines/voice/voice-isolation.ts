import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { runProcess } from '../process/run-process.js';
import { foldNarrowband, isNarrowband } from './narrowband.js';
import { readPcmWav } from './pcm-wav.js';
import type { StretchJob } from './stretch-job.js';

const RATE = 48000;
/** Each stretch starts this early so the recurrent denoiser has settled where its output is kept. */
const WARM_UP = RATE / 2;

/**
 * The band a voice's words are told apart in: below it the kick drum and bass, above it cymbals and hiss. Up to
 * 7 kHz, not 4: fricatives and stops (the "t" and "s" of "tomatoes") live above 4 kHz, and a 4 kHz cut lost
 * words of clean speech.
 */
const VOICE_BAND = 'highpass=f=120,lowpass=f=7000';

/**
 * The voice isolated from a music bed or noise before recognition. Each pass runs in worker threads, one stretch
 * per core. Without a bed: RNNoise (xiph's recurrent denoiser, its model compiled into @echogarden/rnnoise-wasm)
 * at 48 kHz, the stretches without voice muted, back to 16 kHz mono WAV in the voice band. A bed is found by the
 * tone pass (sustained-tones.ts: held chords and pads taken out at 16 kHz, see MUSIC_BED_SHARE), and under one
 * the engine is given three readings of the voice to vote between word by word (word-vote.ts), each erring in
 * different words:
 * 1. DTLN (dtln.ts, a learned speech enhancer), then RNNoise as above;
 * 2. the audio without its sustained tones, then RNNoise as above (the only reading before DTLN came);
 * 3. DTLN's output as it is.
 * Measured with pocketsphinx on flite speech, 16 scripts (bench/quality's and more) under four beds (chords on a
 * beat 12 and 9 dB under the voice, a pad and a band 9 dB under), 64 clips: word errors 514 with reading 2 alone,
 * 395 with reading 1 alone, 365 with the vote, against 74 on the same speech without music (four times
 * fewer words). `readings` 1 keeps only the first (one recognition instead of three). Earlier, on the same kind
 * of clips: RNNoise alone roughly halved the word errors under music, the tone pass before it halved them again;
 * ffmpeg's afftdn and anlmdn made them worse. Its own measures run on the calling thread: the engine calls it
 * through isolateVoiceInThread (voice-isolation-thread.ts), off the event loop.
 */
export async function isolateVoice(
  ffmpeg: string,
  audio: string,
  workDir: string,
  signal: AbortSignal,
  parallelism = os.availableParallelism(),
  readings = 3,
): Promise<IsolatedVoice> {
  const raw16 = path.join(workDir, 'voice-16k.raw');
  let original = await samples16k(ffmpeg, audio, raw16, signal);
  const shared = new SharedArrayBuffer(original.length - (original.length % 2)); // copied: aligned, and seen by a thread
  new Uint8Array(shared).set(original.subarray(0, shared.byteLength));
  const samples = new Int16Array(shared);
  // Telephone-band speech gets a high band again before anything else hears it (narrowband.ts). Only a bed of held
  // tones is taken out: on speech alone the pass removes little and costs words. Where the quiet between the words
  // is far below the voice there is no bed, and the pass is not even run.
  const { narrowband, floorDb } = measuresOf(samples);
  if (narrowband) original = bytesOf(samples);
  let bedShare: number | null = null;
  let withoutTones: Int16Array | null = null;
  if (floorDb >= -BED_FLOOR_DB) {
    withoutTones = await inStretches(original, 'sustained-tones', 0, parallelism, signal);
    bedShare = removedShare(samples, withoutTones);
  }
  const denoise = (source: Buffer | Int16Array, name: string) =>
    rnnoiseReading(ffmpeg, source, path.join(workDir, name), parallelism, signal);
  if (withoutTones === null || bedShare === null || bedShare < MUSIC_BED_SHARE) {
    const file = await denoise(original, 'voice-16k.wav');
    return { file, readings: [file], musicBed: false, bedShare, floorDb, narrowband };
  }
  // Under a bed: DTLN, then RNNoise; with the vote, the tone pass then RNNoise, and DTLN's output as it is. The
  // most trusted reading first (the vote's ties go to it).
  const enhanced = await inStretches(original, 'dtln', DTLN_WARM_UP, parallelism, signal);
  const files = [await denoise(enhanced, 'voice-dtln.wav')];
  if (readings > 1) {
    files.push(await denoise(withoutTones, 'voice-tones.wav'));
    const asIs = path.join(workDir, 'voice-dtln-only.wav');
    fs.writeFileSync(raw16, bytesOf(enhanced));
    await runProcess(ffmpeg, ['-v', 'error', '-y', ...pcm(16000), '-i', raw16, '-c:a', 'pcm_s16le', asIs], { signal, name: 'ffmpeg' });
    fs.rmSync(raw16, { force: true });
    files.push(asIs);
  }
  return { file: files[0], readings: files, musicBed: true, bedShare, floorDb, narrowband };
}

/**
 * One reading of 16 kHz audio for the engine: RNNoise at 48 kHz, the stretches without voice muted, back to
 * 16 kHz mono WAV in the voice band (written to `out`, which is returned).
 */
async function rnnoiseReading(ffmpeg: string, source: Buffer | Int16Array, out: string, parallelism: number, signal: AbortSignal) {
  const raw16 = `${out}.16k.raw`;
  const raw48 = `${out}.48k.raw`;
  fs.writeFileSync(raw16, bytesOf(source));
  await runProcess(ffmpeg, ['-v', 'error', '-y', ...pcm(16000), '-i', raw16, ...pcm(RATE), raw48], { signal, name: 'ffmpeg' });
  const voice = await inStretches(fs.readFileSync(raw48), 'voice-isolation', WARM_UP, parallelism, signal);
  muteUnvoiced(voice);
  fs.writeFileSync(raw48, voice);
  const toVoiceBand = ['-af', VOICE_BAND, '-ar', '16000', '-c:a', 'pcm_s16le', out];
  await runProcess(ffmpeg, ['-v', 'error', '-y', ...pcm(RATE), '-i', raw48, ...toVoiceBand], { signal, name: 'ffmpeg' });
  fs.rmSync(raw16, { force: true });
  fs.rmSync(raw48, { force: true });
  return out;
}

/** The audio as raw 16 kHz mono 16-bit samples: the WAV's own bytes when it already is that, else ffmpeg's decoding of it. */
async function samples16k(ffmpeg: string, audio: string, raw16: string, signal: AbortSignal): Promise<Buffer> {
  const wav = readPcmWav(audio);
  if (wav && wav.rate === 16000 && wav.channels === 1) return wav.data;
  await runProcess(ffmpeg, ['-v', 'error', '-y', '-i', audio, ...pcm(16000), raw16], { signal, name: 'ffmpeg' });
  const original = fs.readFileSync(raw16);
  fs.rmSync(raw16, { force: true });
  return original;
}

/** ffmpeg's options for raw 16-bit mono samples at `rate`. */
function pcm(rate: number): string[] {
  return ['-f', 's16le', '-ar', String(rate), '-ac', '1'];
}

/** The bytes of 16-bit samples (a view, not a copy). */
function bytesOf(samples: Buffer | Int16Array): Buffer {
  return Buffer.isBuffer(samples) ? samples : Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength);
}

/** DTLN's recurrent state settles within half a second of audio (16 kHz samples). */
const DTLN_WARM_UP = 8000;

/** The isolated voice (16 kHz mono WAV), and whether a music bed was found under it (and taken out). */
export interface IsolatedVoice {
  file: string;
  /** The readings to recognise and vote between, the most trusted first: `file` alone unless there is a bed. */
  readings: string[];
  musicBed: boolean;
  /** The share of the energy the tone pass would remove (see MUSIC_BED_SHARE); null when the floor ruled a bed out first. */
  bedShare: number | null;
  /** The level between the words against the voice's, in dB (see BED_FLOOR_DB). */
  floorDb: number;
  /** Whether the audio was telephone-band and was given a high band (narrowband.ts). */
  narrowband: boolean;
}

/**
 * 16-bit mono samples through `<worker>.worker.js`, one stretch per core (in whole 480-sample frames); each
 * worker reads from `warmUp` samples before its stretch and writes only its stretch.
 */
async function inStretches(bytes: Buffer, worker: string, warmUp: number, parallelism: number, signal: AbortSignal): Promise<Int16Array> {
  const input = new SharedArrayBuffer(bytes.length - (bytes.length % 2));
  new Uint8Array(input).set(bytes.subarray(0, input.byteLength));
  const output = new SharedArrayBuffer(input.byteLength);
  const samples = input.byteLength / 2;
  const frame = 480;
  const stretch = Math.ceil(samples / Math.max(1, parallelism) / frame) * frame;
  const jobs = [];
  for (let from = 0; from < samples; from += stretch) {
    const job: StretchJob = { input, output, warmFrom: Math.max(0, from - warmUp), from, to: Math.min(samples, from + stretch) };
    jobs.push(runWorker(new URL(`./${worker}.worker.js`, import.meta.url), job, signal));
  }
  await Promise.all(jobs);
  return new Int16Array(output);
}

/** Whether 16 kHz samples are telephone-band (then given a high band again, in place), and their floor under the voice. */
function measuresOf(samples: Int16Array): VoiceMeasures {
  const narrowband = isNarrowband(samples);
  if (narrowband) foldNarrowband(samples);
  return { narrowband, floorDb: floorUnderVoice(samples) };
}

/** What measuresOf finds. */
interface VoiceMeasures {
  narrowband: boolean;
  floorDb: number;
}

function runWorker(file: URL, job: object, signal: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const worker = new Worker(file, { workerData: job });
    const abort = () => void worker.terminate().then(() => reject(signal.reason ?? new Error('aborted')));
    signal.addEventListener('abort', abort, { once: true });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      signal.removeEventListener('abort', abort);
      if (code !== 0) reject(new Error(`voice isolation stopped with code ${code}`));
      else resolve();
    });
  });
}

/**
 * A bed is there when both hold:
 * - the tone pass removes at least this share of the energy: measured on the test clips, flite speech alone
 *   loses 0.0-3.2% (and some words with it), speech over chords, pads or a band 3.7-12%;
 * - the level between the words (the 10th percentile of 30 ms frames) is within BED_FLOOR_DB of the voice's
 *   (the 95th percentile): flite speech alone is about 93 dB down between its words (digital silence), speech
 *   over a bed 12 to 9 dB under it 15 to 23 dB down; a recording's room noise sits between (not measured here).
 *   The share alone leaves a thin margin (3.2% on clean speech against 3.7% under the quietest bed).
 */
export const MUSIC_BED_SHARE = 0.03;
export const BED_FLOOR_DB = 30;

/** The level of the quiet between the words against the voice's (dB, 0 or less): 10th against 95th percentile of 30 ms frames. */
export function floorUnderVoice(samples: Int16Array): number {
  const frame = 480;
  const levels: number[] = [];
  for (let k = 0; k + frame <= samples.length; k += frame) {
    let energy = 0;
    for (let j = k; j < k + frame; j++) energy += samples[j] * samples[j];
    levels.push(10 * Math.log10(energy / frame + 1e-3));
  }
  if (levels.length === 0) return -Infinity;
  levels.sort((a, b) => a - b);
  const at = (q: number) => levels[Math.floor(q * (levels.length - 1))];
  return at(0.1) - at(0.95);
}

/** The share of `samples`' energy that is gone from `after`. */
function removedShare(samples: Int16Array, after: Int16Array): number {
  let total = 0;
  let removed = 0;
  for (let i = 0; i < samples.length; i++) {
    total += samples[i] * samples[i];
    const d = samples[i] - after[i];
    removed += d * d;
  }
  return total > 0 ? removed / total : 0;
}

/** Below this level (dBFS) a 10 ms frame of the denoised audio holds no voice. */
const QUIET_DB = -35;
const FRAME = RATE / 100;
const MIN_QUIET_FRAMES = 20;
const EDGE_FRAMES = 5;

/**
 * Recognise only the voiced regions: once the music is gone, the pauses between sentences are quiet, and
 * any run of quiet frames of 0.2 s or more is turned down 40 dB (its 50 ms edges kept), so the engine
 * hears silence there instead of leftover music it would turn into words (and sentences end there).
 */
export function muteUnvoiced(samples: Int16Array): void {
  const frames = Math.floor(samples.length / FRAME);
  const quiet = Array.from({ length: frames }, (_, k) => {
    let energy = 0;
    for (let j = k * FRAME; j < (k + 1) * FRAME; j++) energy += samples[j] * samples[j];
    return 10 * Math.log10(energy / FRAME / 32768 ** 2 + 1e-12) < QUIET_DB;
  });
  for (let k = 0; k < frames; ) {
    if (!quiet[k]) {
      k++;
      continue;
    }
    let end = k;
    while (end < frames && quiet[end]) end++;
    if (end - k >= MIN_QUIET_FRAMES) {
      for (let j = (k + EDGE_FRAMES) * FRAME; j < (end - EDGE_FRAMES) * FRAME; j++) samples[j] = Math.round(samples[j] / 100);
    }
    k = end;
  }
}
