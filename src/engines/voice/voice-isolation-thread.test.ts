import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { isolateVoice } from './voice-isolation.js';
import { isolateVoiceInThread } from './voice-isolation-thread.js';

const run = promisify(execFile);

/** Voice isolation in its own thread (to free its buffers when it ends) hears what it heard on the caller's thread, and stops when aborted. */
describe('voice isolation in a thread of its own', () => {
  let dir: string;
  let speech: string;
  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'isolation-thread-'));
    const said = path.join(dir, 'said.wav');
    await run('flite', ['-voice', 'rms', '-t', 'Boil a big pot of salted water and add the spaghetti.', '-o', said]);
    speech = path.join(dir, 'speech.wav');
    await run('ffmpeg', ['-v', 'error', '-y', '-i', said, '-ar', '16000', '-ac', '1', speech]);
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const workDir = (name: string) => {
    fs.mkdirSync(path.join(dir, name));
    return path.join(dir, name);
  };

  it('gives the same readings, byte for byte, as on the calling thread', async () => {
    const here = await isolateVoice('ffmpeg', speech, workDir('here'), new AbortController().signal, 2, 3);
    const job = { ffmpeg: 'ffmpeg', audio: speech, workDir: workDir('thread'), parallelism: 2, readings: 3 };
    const there = await isolateVoiceInThread(job, new AbortController().signal);
    assert.deepEqual({ ...there, file: null, readings: null }, { ...here, file: null, readings: null });
    assert.equal(there.readings.length, here.readings.length);
    here.readings.forEach((f, i) => assert.ok(fs.readFileSync(f).equals(fs.readFileSync(there.readings[i])), `reading ${i}`));
  });

  it('rejects with the signal reason when aborted', async () => {
    const controller = new AbortController();
    const job = { ffmpeg: 'ffmpeg', audio: speech, workDir: workDir('aborted'), parallelism: 2, readings: 3 };
    const running = isolateVoiceInThread(job, controller.signal);
    setTimeout(() => controller.abort(new Error('cancelled by the test')), 20);
    await assert.rejects(running, /cancelled by the test/);
  });
});
