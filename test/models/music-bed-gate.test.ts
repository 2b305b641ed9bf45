import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { isolateVoice } from '../../src/engines/voice/voice-isolation.js';
import { addMusicBed, type MusicBed } from '../support/music-bed.js';

const run = promisify(execFile);

/**
 * The music-bed gate on real speech (flite, two sentences with a pause) alone and under each generated bed 9 dB
 * under the voice: a bed is found under every bed, and none under the speech alone (where the tone pass and the
 * wider search would cost words and time).
 */
describe('music-bed gate (voice isolation)', () => {
  let dir: string;
  let speech: string;
  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bed-gate-'));
    const parts = [];
    for (const [i, text] of ['The human heart beats about one hundred thousand times a day.', 'Follow for more facts.'].entries()) {
      parts.push(path.join(dir, `s${i}.wav`));
      await run('flite', ['-voice', 'rms', '-t', text, '-o', parts[i]]);
    }
    speech = path.join(dir, 'speech.wav');
    const join = `[0:a]apad=pad_dur=0.35[a];[a][1:a]concat=n=2:v=0:a=1,aresample=16000`;
    await run('ffmpeg', ['-v', 'error', '-y', '-i', parts[0], '-i', parts[1], '-filter_complex', join, '-ac', '1', speech]);
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  const gate = async (wav: string) => {
    const work = fs.mkdtempSync(path.join(dir, 'work-'));
    return isolateVoice('ffmpeg', wav, work, new AbortController().signal);
  };

  it('finds no bed under speech alone', async () => {
    const g = await gate(speech);
    assert.equal(g.musicBed, false, JSON.stringify(g));
    assert.deepEqual(g.readings, [g.file], 'speech alone is recognised once');
    assert.ok(g.floorDb < -30, `the quiet between the words is far below the voice: ${JSON.stringify(g)}`);
  });

  for (const bed of ['beat', 'pad', 'band'] as MusicBed[]) {
    it(`finds the ${bed} bed under the same speech`, async () => {
      const wav = path.join(dir, `${bed}.wav`);
      fs.copyFileSync(speech, wav);
      await addMusicBed(wav, 9, bed);
      const g = await gate(wav);
      assert.equal(g.musicBed, true, JSON.stringify(g));
      assert.equal(g.readings.length, 3, 'under a bed, three readings to vote between');
    });
  }
});
