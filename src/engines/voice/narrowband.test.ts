import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { foldNarrowband, isNarrowband } from './narrowband.js';

const run = promisify(execFile);

/** 16 kHz samples of `voice` saying a sentence, made at `rate` (8000: telephone band) then resampled to 16 kHz. */
async function said(dir: string, voice: string, rate: number): Promise<Int16Array> {
  const wav = path.join(dir, `${voice}-${rate}.wav`);
  const raw = path.join(dir, `${voice}-${rate}.raw`);
  await run('flite', ['-voice', voice, '-t', 'Bees visit two million flowers to make one pound of honey.', '-o', wav]);
  await run('ffmpeg', ['-v', 'error', '-y', '-i', wav, '-af', `aresample=${rate},aresample=16000`, '-f', 's16le', '-ac', '1', raw]);
  const bytes = fs.readFileSync(raw);
  return new Int16Array(Uint8Array.from(bytes).buffer, 0, bytes.length / 2);
}

describe('telephone-band speech', () => {
  let dir: string;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'narrowband-'));
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("finds flite's 8 kHz kal and a 16 kHz voice said through an 8 kHz line, not the 16 kHz voice itself", async () => {
    assert.equal(isNarrowband(await said(dir, 'kal', 16000)), true, 'kal is an 8 kHz voice');
    assert.equal(isNarrowband(await said(dir, 'rms', 8000)), true);
    assert.equal(isNarrowband(await said(dir, 'rms', 16000)), false);
    assert.equal(isNarrowband(await said(dir, 'awb', 16000)), false, 'a dull 16 kHz voice is still a 16 kHz voice');
    assert.equal(isNarrowband(new Int16Array(16000)), false, 'silence is not speech of any band');
  });

  it('gives telephone-band speech a high band again', async () => {
    const samples = await said(dir, 'rms', 8000);
    foldNarrowband(samples);
    assert.equal(isNarrowband(samples), false);
  });
});
