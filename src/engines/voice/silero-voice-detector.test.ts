import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { addMusicBed, writeMusicBed } from '../../../test/support/music-bed.js';
import { SileroVoiceDetector } from './silero-voice-detector.js';

const run = promisify(execFile);

/**
 * The voice detector on real audio: flite speech alone and under a loud bed, music beds and noise without a voice,
 * and a file it does not judge.
 */
describe('voice detector (Silero VAD)', () => {
  const detector = new SileroVoiceDetector();
  const signal = new AbortController().signal;
  let dir: string;
  let speech: string;
  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'voice-detector-'));
    const said = path.join(dir, 'said.wav');
    await run('flite', ['-voice', 'rms', '-t', 'Three tips for better sleep. Follow for more.', '-o', said]);
    // Two seconds of silence first: the voice begins after them.
    speech = path.join(dir, 'speech.wav');
    await run('ffmpeg', ['-v', 'error', '-y', '-i', said, '-af', 'adelay=2000,aresample=16000', '-ac', '1', speech]);
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('finds the voice where it begins', async () => {
    const at = await detector.firstVoice(speech, signal);
    assert.ok(at !== null && at >= 1.8 && at <= 2.4, `voice at ${at}`);
  });

  it('finds the voice under a band as loud as it is', async () => {
    const wav = path.join(dir, 'under-band.wav');
    fs.copyFileSync(speech, wav);
    await addMusicBed(wav, 0, 'band');
    assert.notEqual(await detector.firstVoice(wav, signal), null);
  });

  for (const bed of ['beat', 'pad', 'band'] as const) {
    it(`finds no voice in music alone (${bed})`, async () => {
      const wav = path.join(dir, `${bed}.wav`);
      await writeMusicBed(wav, 12, bed);
      assert.equal(await detector.firstVoice(wav, signal), null);
    });
  }

  it('finds no voice in pink noise', async () => {
    const wav = path.join(dir, 'noise.wav');
    await run('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'anoisesrc=c=pink:r=16000:a=0.2:seed=7:d=8', wav]);
    assert.equal(await detector.firstVoice(wav, signal), null);
  });

  it('does not judge a file of another format (0: as if it began with speech)', async () => {
    const wav = path.join(dir, 'stereo-44k.wav');
    await run('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'anoisesrc=c=pink:r=44100:a=0.2:d=2', '-ac', '2', wav]);
    assert.equal(await detector.firstVoice(wav, signal), 0);
  });
});
