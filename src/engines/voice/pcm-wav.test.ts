import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { copiedStretch, decodedStretch, readPcmWav, silence, wavSeconds, writeWav } from './pcm-wav.js';

const run = promisify(execFile);

describe('16-bit PCM WAV files cut in the process', () => {
  let dir: string;
  let source: string;
  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pcm-wav-'));
    source = path.join(dir, 'voice.wav');
    // Noise, so a cut a sample off shows; a title, so the header holds a LIST chunk as a video's audio does.
    const noise = ['-f', 'lavfi', '-i', 'anoisesrc=r=16000:d=30.03:seed=3', '-metadata', 'title=Fresh pasta'];
    await run('ffmpeg', ['-v', 'error', '-y', ...noise, '-ac', '1', '-c:a', 'pcm_s16le', source]);
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('reads the format and the length, and refuses what is not 16-bit PCM', async () => {
    const wav = readPcmWav(source);
    assert.ok(wav);
    assert.equal(wav.rate, 16000);
    assert.equal(wav.channels, 1);
    assert.equal(wavSeconds(wav), 30.03);
    const float = path.join(dir, 'float.wav');
    await run('ffmpeg', ['-v', 'error', '-y', '-i', source, '-c:a', 'pcm_f32le', float]);
    assert.equal(readPcmWav(float), null);
    const mp3 = path.join(dir, 'voice.mp3');
    await run('ffmpeg', ['-v', 'error', '-y', '-i', source, mp3]);
    assert.equal(readPcmWav(mp3), null);
  });

  // The engine's pieces were measured on ffmpeg's cuts: the same bytes, or its transcripts would move.
  const cuts: Array<[number, number]> = [
    [0, 11.96265],
    [11.96265, 16.39605],
    [28.3587, 1.674],
    [7.1234567, 8],
    [25, 30],
  ];
  for (const [from, length] of cuts) {
    it(`cuts ${from} s + ${length} s as ffmpeg's stream copy and its decoding with a pause do`, async () => {
      const wav = readPcmWav(source);
      assert.ok(wav);
      const copied = path.join(dir, 'copied.wav');
      await run('ffmpeg', ['-v', 'error', '-y', '-ss', String(from), '-t', String(length), '-i', source, '-c', 'copy', copied]);
      const mine = path.join(dir, 'mine.wav');
      writeWav(wav, [copiedStretch(wav, from, length)], mine);
      assert.ok(fs.readFileSync(mine).equals(fs.readFileSync(copied)), 'stream copy');

      const cut = (a: number, b: number) => ['-ss', String(a), '-t', String(b), '-i', source];
      const pause = ['-f', 'lavfi', '-t', '0.6', '-i', 'anullsrc=r=16000:cl=mono'];
      const join = ['-filter_complex', '[0:a][1:a][2:a]concat=n=3:v=0:a=1', '-ar', '16000', '-ac', '1', '-c:a', 'pcm_s16le'];
      const joined = path.join(dir, 'joined.wav');
      const warm = Math.max(0, from - 4);
      await run('ffmpeg', ['-v', 'error', '-y', ...cut(warm, from - warm || 4), ...pause, ...cut(from, length), ...join, joined]);
      writeWav(wav, [decodedStretch(wav, warm, from - warm || 4), silence(wav, 0.6), decodedStretch(wav, from, length)], mine);
      assert.ok(fs.readFileSync(mine).equals(fs.readFileSync(joined)), 'decoded, with a pause');
    });
  }
});
