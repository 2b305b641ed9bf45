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

/**
 * Caption families seed 62773, clip 1: a light green outlined line on black, encoded by x264, is found in three pieces
 * ("BE", "O" and "EE IN TOWN"), and each piece's crop grows over most of the line: "BEST COF", "BEST COFFEE IN TOW",
 * "EST COFFEE IN TOWN". The fullest reading alone lost the N; the readings are joined where one ends as the other starts.
 */
describe('ocr of a line found in pieces that each read most of it', () => {
  it('joins the readings into the whole line', async () => {
    const ctx = stepContext(fakeTools({ video: new FfmpegVideoEngine({ ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' }), ocr: shippedOcr() }));
    const clip = path.join(ctx.workDir, 'pieces.mp4');
    const text = `drawtext=fontfile=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf:text='BEST COFFEE IN TOWN':fontsize=41:fontcolor=0x80ff60:borderw=4:bordercolor=black:x=(w-text_w)/2:y=630`;
    await run('ffmpeg', [
      ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=black:s=720x1280:r=25', '-t', '1'],
      ...['-vf', `${text},format=yuv420p`, '-c:v', 'libx264', '-preset', 'veryfast', clip],
    ]);
    const { samples } = await runStep(detectScenesStep, { source: clip }, ctx);
    const { captions } = await runStep(ocrStep, { frames: samples }, ctx);
    assert.deepEqual(
      captions.map((c) => c.text),
      ['BEST COFFEE IN TOWN'],
    );
  });
});
