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

/**
 * A camera panning for 6 s over a field blended smoothly from yellow to purple whose blend turns about its middle
 * (as ffmpeg's `gradients` source draws, which cannot be made to draw the same twice): the whole picture drifts
 * from one mix of the two colours to another, with no detail anywhere.
 */
async function colourFieldPan(): Promise<string> {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fields-')), 'pan.mp4');
  const u = 'clip(0.5+((X-120)*cos(0.6*T)+(Y-67)*sin(0.6*T))/150,0,1)';
  const blend = (from: number, to: number) => `${from}+(${to - from})*${u}`;
  await run('ffmpeg', [
    ...['-y', '-v', 'error', '-f', 'lavfi', '-i', 'color=c=black:s=240x135:r=25:d=6,format=rgb24'],
    '-vf',
    `geq=r='${blend(240, 150)}':g='${blend(176, 112)}':b='${blend(32, 128)}',crop=160:90:x='10+12*t':y=22,scale=640:360,format=yuv420p`,
    ...['-c:v', 'libx264', '-preset', 'veryfast', out],
  ]);
  return out;
}

/**
 * A camera panning for 6 s over such a field whose blend flattens out (at 2 s the two colours all but meet in one)
 * and back, and out again towards the end, with a white flash of three frames at 3.7 s: each flat phase is the field
 * mixed with a flat colour, as a fade is.
 */
async function flatteningFieldWithFlash(): Promise<string> {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fields-')), 'flattening.mp4');
  const u = `clip(0.5+abs(cos(0.785*T))*((X-120)*cos(0.6*T)+(Y-67)*sin(0.6*T))/150,0,1)`;
  const blend = (from: number, to: number) => `${from}+(${to - from})*${u}`;
  await run('ffmpeg', [
    ...['-y', '-v', 'error', '-f', 'lavfi', '-i', 'color=c=black:s=240x135:r=25:d=6,format=rgb24'],
    '-vf',
    `geq=r='${blend(240, 150)}':g='${blend(176, 112)}':b='${blend(32, 128)}',` +
      `crop=160:90:x='10+12*t':y=22,scale=640:360,` +
      `drawbox=t=fill:c=white:enable='between(n,92,94)',format=yuv420p`,
    ...['-c:v', 'libx264', '-preset', 'veryfast', out],
  ]);
  return out;
}

describe('detect_scenes: a camera over a drifting colour field', () => {
  it('finds no boundary where the field flattens out and back, with a flash between (the real step and engine)', async () => {
    const video = new FfmpegVideoEngine({ ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' });
    const { cuts } = await runStep(detectScenesStep, { source: await flatteningFieldWithFlash() }, stepContext(fakeTools({ video })));
    assert.deepEqual(cuts, []);
  });

  it('finds no boundary in the one shot (the real step and engine)', async () => {
    const video = new FfmpegVideoEngine({ ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' });
    const { cuts } = await runStep(detectScenesStep, { source: await colourFieldPan() }, stepContext(fakeTools({ video })));
    assert.deepEqual(cuts, []);
  });
});
