import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { madeWhole } from '../../../test/support/made-whole.js';
import { probeAudioTracks, probeMedia } from './ffprobe.js';

const run = promisify(execFile);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shared-probe-'));
const runs = path.join(dir, 'runs');
/** The real ffprobe behind a script that counts its runs and takes 0.3 s more, so that callers overlap. */
const ffprobe = path.join(dir, 'ffprobe');
const never = new AbortController().signal;

/** A clip of `seconds` of colour and a tone, written to `file` as a new file (a new inode, as a rewrite by a step). */
function clip(file: string, seconds: number): Promise<string> {
  return madeWhole(file, (own) =>
    run('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      `color=c=blue:s=64x64:d=${seconds}`,
      '-f',
      'lavfi',
      '-i',
      `sine=d=${seconds}`,
      '-shortest',
      own,
    ]),
  );
}

const ffprobeRuns = () => (fs.existsSync(runs) ? fs.readFileSync(runs, 'utf8').split('\n').filter(Boolean).length : 0);

describe('ffprobe readings shared by the steps of a job', () => {
  before(() => {
    fs.writeFileSync(ffprobe, `#!/bin/sh\necho run >> '${runs}'\nsleep 0.3\nexec ffprobe "$@"\n`, { mode: 0o755 });
  });

  it('reads a file once for every caller while it is unchanged, and again once it changes', async () => {
    const file = path.join(dir, 'a.mp4');
    await clip(file, 2);
    const first = ffprobeRuns();
    const [media, tracks, again] = await Promise.all([
      probeMedia(ffprobe, file, never),
      probeAudioTracks(ffprobe, file, never),
      probeMedia(ffprobe, file, never),
    ]);
    assert.equal(media.duration, 2);
    assert.deepEqual(again, media);
    assert.deepEqual(tracks, [{ channels: 1, start: 0 }]);
    assert.equal((await probeMedia(ffprobe, file, never)).duration, 2);
    assert.equal(ffprobeRuns() - first, 1);
    await clip(file, 3);
    assert.equal((await probeMedia(ffprobe, file, never)).duration, 3);
    assert.equal(ffprobeRuns() - first, 2);
  });

  it('answers a caller whose own signal holds when the caller that started the reading is cancelled', async () => {
    const file = path.join(dir, 'b.mp4');
    await clip(file, 2);
    const cancelled = new AbortController();
    const first = probeMedia(ffprobe, file, cancelled.signal);
    const second = probeMedia(ffprobe, file, never);
    setTimeout(() => cancelled.abort(new Error('the step was cancelled')), 100);
    await assert.rejects(first, /the step was cancelled/);
    assert.equal((await second).duration, 2);
  });

  it('keeps no failed reading: a cancelled one is read again for the next caller', async () => {
    const file = path.join(dir, 'c.mp4');
    await clip(file, 2);
    const first = ffprobeRuns();
    const cancelled = new AbortController();
    const reading = probeMedia(ffprobe, file, cancelled.signal);
    setTimeout(() => cancelled.abort(new Error('the job was cancelled')), 100);
    await assert.rejects(reading, /the job was cancelled/);
    assert.equal((await probeMedia(ffprobe, file, never)).duration, 2);
    assert.equal(ffprobeRuns() - first, 2);
  });
});
