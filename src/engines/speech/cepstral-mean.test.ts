import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { cepstralMean, featParamsWith, meanOfFrames } from './cepstral-mean.js';

describe("a piece's cepstral mean for the engine's start", () => {
  it('averages the frames, leaving out digital silence (a negative c0) as the engine does', () => {
    assert.deepEqual(meanOfFrames('-46.05 0 0\n50 2 -4\n60 4 0\n\n'), [55, 3, -2]);
    assert.equal(meanOfFrames('-46.05 0 0\n'), null);
  });

  it("is where the engine's own normalisation ends up on the same speech, and the engine starts from it", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cepstral-mean-'));
    try {
      const wav = path.join(dir, 'speech.wav');
      execFileSync('flite', ['-voice', 'rms', '-t', 'Boil the water and add the pasta.', '-o', path.join(dir, 'raw.wav')]);
      execFileSync('ffmpeg', ['-v', 'error', '-i', path.join(dir, 'raw.wav'), '-ar', '16000', '-ac', '1', wav]);
      const mean = await cepstralMean('sphinx_fe', wav, path.join(dir, 'cep.txt'), new AbortController().signal);
      assert.ok(mean && mean.length === 13);
      const params = await featParamsWith(mean, path.join(dir, 'feat.params'));
      const log = path.join(dir, 'ps.log');
      execFileSync('pocketsphinx_continuous', ['-infile', wav, '-featparams', params, '-logfn', log]);
      const updates = [...fs.readFileSync(log, 'utf8').matchAll(/Update (from|to) +< ([^>]+)>/g)].map((m) =>
        m[2].trim().split(/\s+/).map(Number),
      );
      assert.deepEqual(
        updates[0],
        mean.map((m) => Number(m.toFixed(2))),
        'the engine starts from the mean given',
      );
      // One utterance: the engine's mean at its end is the mean of the same frames.
      updates.at(-1)?.forEach((v, i) => assert.ok(Math.abs(v - mean[i]) < 0.05, `c${i}: ${v} against ${mean[i]}`));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
