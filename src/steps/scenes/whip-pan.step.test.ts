import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { promisify } from 'node:util';
import { fakeTools, runStep, stepContext } from '../../../test/support/step-context.js';
import { FfmpegVideoEngine } from '../../engines/video/ffmpeg-video-engine.js';
import { detectScenesStep } from './detect-scenes.step.js';

const run = promisify(execFile);
const PHOTO = path.resolve('test-artifacts/photos/grace_hopper.jpg');

/**
 * A whip pan over one real photo, as bench/quality's families draw it: still, then the camera swings a frame's
 * width and a bit in 0.21 s (smoothly in and out, three frames blurred together as a fast shutter does), then still.
 */
async function whipPan(): Promise<string> {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'whip-')), 'whip.mp4');
  const u = 'clip((t-3.9)/0.21,0,1)';
  await run('ffmpeg', [
    ...['-y', '-v', 'error', '-loop', '1', '-framerate', '25', '-t', '6', '-i', PHOTO],
    '-vf',
    `scale=1380:396:force_original_aspect_ratio=increase,crop=1380:396,crop=640:360:x='(iw-ow)-683.8*${u}*${u}*(3-2*${u})':y='(ih-oh)/2',tmix=frames=3,fps=25,format=yuv420p`,
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-t', '6', out],
  ]);
  return out;
}

describe('detect_scenes: a whip pan over one photo', () => {
  it('finds no boundary in the blurred swing (the real step and engine)', async () => {
    const video = new FfmpegVideoEngine({ ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' });
    const out = await runStep(detectScenesStep, { source: await whipPan() }, stepContext(fakeTools({ video })));
    assert.deepEqual(out.cuts, []);
  });
});
