import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { readPcmWav } from './pcm-wav.js';
import { detectSilences, silencesOf } from './silence-split.js';

const run = promisify(execFile);

/** ffmpeg's own silencedetect on the file, read as detectSilences read it before it worked the samples out itself. */
async function ffmpegSilences(file: string): Promise<Array<[number, number]>> {
  const { stderr } = await run('ffmpeg', [
    '-hide_banner',
    '-nostats',
    '-i',
    file,
    '-af',
    'silencedetect=noise=-35dB:d=0.3',
    '-f',
    'null',
    '-',
  ]);
  const starts = [...stderr.matchAll(/silence_start: (-?[\d.]+)/g)].map((m) => Math.max(0, Number(m[1])));
  const ends = [...stderr.matchAll(/silence_end: ([\d.]+)/g)].map((m) => Number(m[1]));
  return starts.map((s, i) => [s, ends[i]]);
}

describe('silences in speech audio', () => {
  let dir: string;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'silences-'));
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("finds the silences ffmpeg's silencedetect finds, to the same printed times", async () => {
    // Bursts of noise between gaps of 0.2 s (too short), 0.31 s and 1.237 s, quiet noise just under and just over the
    // level, and a silence at the end.
    const wav = path.join(dir, 'bursts.wav');
    const loud = 'anoisesrc=r=16000:a=0.5:seed=1';
    const parts = [
      `${loud}:d=1.1`,
      'anullsrc=r=16000:cl=mono:d=0.2',
      `${loud}:d=0.7`,
      'anullsrc=r=16000:cl=mono:d=0.31',
      `${loud}:d=2.05`,
      'anoisesrc=r=16000:a=0.0177:seed=2:d=0.9',
      `${loud}:d=0.5`,
      'anoisesrc=r=16000:a=0.03:seed=3:d=0.9',
      `${loud}:d=0.4`,
      'anullsrc=r=16000:cl=mono:d=1.237',
      `${loud}:d=0.9`,
      'anullsrc=r=16000:cl=mono:d=0.6',
    ];
    const inputs = parts.flatMap((p) => ['-f', 'lavfi', '-i', p]);
    const concat = `${parts.map((_, i) => `[${i}:a]`).join('')}concat=n=${parts.length}:v=0:a=1`;
    await run('ffmpeg', ['-v', 'error', '-y', ...inputs, '-filter_complex', concat, '-ac', '1', '-c:a', 'pcm_s16le', wav]);
    const pcm = readPcmWav(wav);
    assert.ok(pcm);
    const expected = await ffmpegSilences(wav);
    assert.ok(expected.length >= 3, `the clip holds silences (${JSON.stringify(expected)})`);
    assert.deepEqual(silencesOf(pcm), expected);
    assert.deepEqual(await detectSilences('ffmpeg', wav, AbortSignal.timeout(30_000)), expected);
  });

  it('asks ffmpeg where the audio is not a mono 16-bit WAV', async () => {
    const stereo = path.join(dir, 'stereo.wav');
    // Seeded: unseeded noise can end on a sample quiet enough that the silence starts a sample early.
    const source = ['-f', 'lavfi', '-i', 'anoisesrc=r=16000:a=0.5:d=1:seed=1', '-f', 'lavfi', '-i', 'anullsrc=r=16000:cl=mono:d=0.8'];
    const join = ['-filter_complex', '[0:a][1:a]concat=n=2:v=0:a=1', '-ac', '2', '-c:a', 'pcm_s16le'];
    await run('ffmpeg', ['-v', 'error', '-y', ...source, ...join, stereo]);
    assert.deepEqual(await detectSilences('ffmpeg', stereo, AbortSignal.timeout(30_000)), [[1, 1.8]]);
  });
});
