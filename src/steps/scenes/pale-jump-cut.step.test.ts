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
/** A screenshot of a web page, mostly white (from @vladmandic/human's assets). */
const SCREENSHOT = path.resolve('node_modules/@vladmandic/human/assets/screenshot-vrm.jpg');

/**
 * A jump cut on one pale screenshot (seed 2's, as bench/quality's families draw it): 3.07 s of one region held
 * still, then a closer region of the same page under a shaking camera. Every frame pair across the cut differs in
 * under a fifth of the tiny frame's pixels, as little as a flash's frames before and after it.
 */
async function paleJumpCut(): Promise<string> {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pale-jump-')), 'jump.mp4');
  const shot = (input: number, crop: string, x: string, y: string) =>
    `[${input}:v]${crop},scale=768:460:force_original_aspect_ratio=increase,crop=768:460,setsar=1,crop=640:360:x='${x}':y='${y}',fps=25,format=yuv420p,setsar=1[s${input}]`;
  const graph = [
    shot(0, 'crop=iw*0.591:ih*0.591:iw*0.032:ih*0.368', '(iw-ow)/2', '(ih-oh)/2'),
    shot(
      1,
      'crop=iw*0.400:ih*0.400:iw*0.203:ih*0.418',
      '(iw-ow)/2+3*sin(2*PI*4.64*t+4.27)+14*sin(2*PI*4.35*t+1.79)',
      '(ih-oh)/2+2*sin(2*PI*2.03*t+2.44)+3*sin(2*PI*3.39*t+6.09)',
    ),
    '[s0][s1]concat=n=2:v=1:a=0,format=yuv420p[v]',
  ].join(';');
  await run('ffmpeg', [
    ...['-y', '-v', 'error'],
    ...['-loop', '1', '-framerate', '25', '-t', '3.066', '-i', SCREENSHOT],
    ...['-loop', '1', '-framerate', '25', '-t', '2.922', '-i', SCREENSHOT],
    ...['-filter_complex', graph, '-map', '[v]', '-c:v', 'libx264', '-preset', 'veryfast', out],
  ]);
  return out;
}

describe('detect_scenes: a jump cut on a pale screenshot', () => {
  it('finds the cut: the frames across it differ more than the shaking frames beside it do (the real step and engine)', async () => {
    const video = new FfmpegVideoEngine({ ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' });
    const { cuts } = await runStep(detectScenesStep, { source: await paleJumpCut() }, stepContext(fakeTools({ video })));
    assert.equal(cuts.length, 1, `one boundary, found ${JSON.stringify(cuts)}`);
    assert.ok(Math.abs(cuts[0] - 3.07) <= 0.1, `at 3.07 s, found ${cuts[0]}`);
  });
});
