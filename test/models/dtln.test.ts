import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { DTLN_MODELS, Dtln } from '../../src/engines/voice/dtln.js';
import { tfliteTensors } from '../../src/engines/voice/tflite-tensors.js';
import { isolateVoice } from '../../src/engines/voice/voice-isolation.js';
import { addMusicBed, type MusicBed } from '../support/music-bed.js';

const run = promisify(execFile);

/** 16-bit samples of a 16 kHz mono WAV written by ffmpeg or voice-isolation.ts (after its 'data' header). */
function samplesOf(file: string): Int16Array {
  const bytes = fs.readFileSync(file);
  const at = bytes.indexOf('data') + 8;
  return new Int16Array(Uint8Array.from(bytes.subarray(at)).buffer);
}

/** Scale-invariant signal-to-distortion ratio (dB) of `estimate` against `reference`, over their common length. */
function siSdr(reference: Int16Array, estimate: Int16Array): number {
  const n = Math.min(reference.length, estimate.length);
  let dot = 0;
  let energy = 0;
  for (let k = 0; k < n; k++) {
    dot += reference[k] * estimate[k];
    energy += reference[k] * reference[k];
  }
  const a = dot / energy;
  let target = 0;
  let noise = 0;
  for (let k = 0; k < n; k++) {
    target += (a * reference[k]) ** 2;
    noise += (estimate[k] - a * reference[k]) ** 2;
  }
  return 10 * Math.log10(target / noise);
}

describe('DTLN speech enhancer (in the readings under a music bed)', () => {
  let dir: string;
  let speech: string;
  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dtln-'));
    const raw = path.join(dir, 'flite.wav');
    await run('flite', ['-voice', 'rms', '-t', 'The glass jar is dishwasher safe. It comes with a two year warranty.', '-o', raw]);
    speech = path.join(dir, 'speech.wav');
    await run('ffmpeg', ['-v', 'error', '-y', '-i', raw, '-ar', '16000', '-ac', '1', speech]);
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('reads both model files: two LSTM cores of 128 units over 257 frequency bins and a 256-wide encoding', () => {
    const first = tfliteTensors(new Uint8Array(fs.readFileSync(path.join(DTLN_MODELS, 'model_1.tflite'))));
    assert.deepEqual(first.get('functional_3/dense_2/Tensordot/MatMul')?.shape, [257, 128]);
    const second = tfliteTensors(new Uint8Array(fs.readFileSync(path.join(DTLN_MODELS, 'model_2.tflite'))));
    assert.deepEqual(second.get('functional_5/conv1d_3/conv1d1')?.shape, [512, 1, 1, 256]);
    assert.throws(() => tfliteTensors(new Uint8Array(16)), /not a TensorFlow Lite model/);
  });

  it('stays silent on silence', async () => {
    const dtln = await Dtln.load();
    const out = new Float32Array(128);
    let peak = 0;
    for (let k = 0; k < 200; k++) {
      dtln.process(new Float32Array(128), out);
      for (const v of out) peak = Math.max(peak, Math.abs(v));
    }
    assert.ok(peak < 1e-3, `peak ${peak}`);
  });

  for (const bed of ['band', 'beat'] as MusicBed[]) {
    it(`brings speech under the ${bed} bed (9 dB under the voice) closer to the speech alone`, async () => {
      const mixed = path.join(dir, `${bed}.wav`);
      fs.copyFileSync(speech, mixed);
      await addMusicBed(mixed, 9, bed, 0);
      const work = fs.mkdtempSync(path.join(dir, 'work-'));
      const isolated = await isolateVoice('ffmpeg', mixed, work, new AbortController().signal);
      assert.equal(isolated.readings.length, 3, JSON.stringify(isolated));
      const clean = samplesOf(speech);
      const before = siSdr(clean, samplesOf(mixed));
      const after = siSdr(clean, samplesOf(isolated.readings[2])); // DTLN's output as it is
      assert.ok(after > before + 3, `SI-SDR ${before.toFixed(1)} dB in, ${after.toFixed(1)} dB out of DTLN`);
    });
  }
});
