import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { DEBIAN_EN_US, lmDictionary } from './lm-dictionary.js';
import { PocketsphinxSpeechToText } from './pocketsphinx.js';

describe("pocketsphinx's dictionary cut to the language model's words", () => {
  let dir: string;
  let speech: string;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lm-dictionary-'));
    const text = 'Boil the pasta for nine minutes. Zucchini and parmesan go in last, then serve it with olive oil.';
    execFileSync('flite', ['-voice', 'slt', '-t', text, '-o', path.join(dir, 'raw.wav')]);
    speech = path.join(dir, 'speech.wav');
    // Pink noise under the voice, so that the search has many close hypotheses to prune.
    const noise = ['-f', 'lavfi', '-i', 'anoisesrc=c=pink:a=0.04:r=16000'];
    const mix = ['-filter_complex', '[0:a]aresample=16000[v];[v][1:a]amix=inputs=2:duration=first', '-ac', '1', '-c:a', 'pcm_s16le'];
    execFileSync('ffmpeg', ['-v', 'error', '-i', path.join(dir, 'raw.wav'), ...noise, ...mix, speech]);
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("holds the words the model knows, with all their pronunciations, and none of the dictionary's others", async () => {
    const dict = await lmDictionary();
    assert.ok(dict, 'a dictionary is written for Debian’s en-us model');
    const entries = fs.readFileSync(dict, 'utf8').trim().split('\n');
    const full = fs.readFileSync(path.join(DEBIAN_EN_US, 'cmudict-en-us.dict'), 'utf8').trim().split('\n');
    assert.ok(entries.length > 70_000 && entries.length < full.length, `${entries.length} entries of ${full.length}`);
    const heads = new Set(entries.map((e) => e.split(' ')[0]));
    // The model's first and last words (the end of its vocabulary is where a misread tail would lose some).
    for (const word of ["'bout", 'pasta', 'read', 'read(2)', 'zyuganov']) assert.ok(heads.has(word), word);
    assert.ok(!heads.has('zimbelman'), 'a surname the dictionary has and the model does not');
    assert.equal(await lmDictionary(), dict, 'written once, then found');
  });

  it('gives the same words, times, confidences and fit as the whole dictionary', async () => {
    const transcribe = (lmDict: boolean) =>
      new PocketsphinxSpeechToText('pocketsphinx_continuous', 'ffmpeg', { isolateVoice: false, lmDictionary: lmDict }).transcribe(speech, {
        signal: new AbortController().signal,
        workDir: fs.mkdtempSync(path.join(dir, 'job-')),
      });
    const [cut, whole] = [await transcribe(true), await transcribe(false)];
    assert.ok(cut.segments.length > 0, 'words are heard');
    assert.deepEqual(cut, whole);
    // The search under a music bed (the engine's own beams, no fast-search caps), decoded directly.
    const decode = (dict: string[]) =>
      execFileSync('pocketsphinx_continuous', ['-infile', speech, '-time', 'yes', ...dict, '-logfn', '/dev/null'], { encoding: 'utf8' });
    assert.equal(decode(['-dict', (await lmDictionary()) as string]), decode([]));
  });

  it("leaves the engine its own dictionary where the model's files are missing", async () => {
    assert.equal(await lmDictionary(path.join(dir, 'no-such-model')), null);
  });
});
