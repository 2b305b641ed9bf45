import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { describe, it } from 'node:test';
import { promisify } from 'node:util';
import { shippedOcr } from '../../../test/support/caption-still.js';
import { fakeTools, runStep, stepContext } from '../../../test/support/step-context.js';
import { FfmpegVideoEngine } from '../../engines/video/ffmpeg-video-engine.js';
import { detectScenesStep } from '../scenes/detect-scenes.step.js';
import { ocrStep } from './ocr.step.js';

const run = promisify(execFile);
const FONT = '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf';
const WORDS = ['BEST', 'COFFEE', 'IN', 'TOWN'];

/**
 * One-word pops taller than a caption line (98 px on a 720 px frame), white with a black outline over colour bars
 * (caption families seed 41233, clip 29): the bars' grey patch is a light box with no ink in it, and taken for a line
 * it kept the words aside, so nothing was read.
 */
describe('ocr of one-word pops taller than a caption line', () => {
  it('reads every word beside a blank light box', async () => {
    const ctx = stepContext(fakeTools({ video: new FfmpegVideoEngine({ ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' }), ocr: shippedOcr() }));
    const clip = path.join(ctx.workDir, 'pops.mp4');
    const pops = WORDS.map((word, k) => {
      const [from, to] = [0.1 + k * 0.7, 0.1 + (k + 1) * 0.7 - 0.001];
      return `drawtext=fontfile=${FONT}:text='${word}':fontsize=98:fontcolor=white:borderw=10:bordercolor=black:x=(w-text_w)/2:y=530:enable='between(t,${from.toFixed(2)},${to.toFixed(3)})'`;
    });
    await run('ffmpeg', [
      ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'smptebars=s=1280x720:r=25', '-t', '3'],
      ...['-vf', [...pops, 'format=yuv420p'].join(','), '-c:v', 'libx264', '-preset', 'veryfast', clip],
    ]);
    const { samples } = await runStep(detectScenesStep, { source: clip }, ctx);
    const { captions } = await runStep(ocrStep, { frames: samples }, ctx);
    const read = captions.map((c) => c.text);
    assert.deepEqual(
      WORDS.filter((w) => !read.includes(w)),
      [],
      JSON.stringify(captions),
    );
  });
});
