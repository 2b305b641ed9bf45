import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { describe, it } from 'node:test';
import { promisify } from 'node:util';
import { shippedOcr } from '../../../test/support/caption-still.js';
import { PHOTOS, shotFilters } from '../../../test/support/reel-clips.js';
import { fakeTools, runStep, stepContext } from '../../../test/support/step-context.js';
import { FfmpegVideoEngine } from '../../engines/video/ffmpeg-video-engine.js';
import { detectScenesStep } from '../scenes/detect-scenes.step.js';
import { ocrStep } from './ocr.step.js';

const run = promisify(execFile);
const FONT = '/usr/share/fonts/truetype/liberation/LiberationSans-Italic.ttf';

/**
 * Capitals with accents on a dark box over the mosaic of faces (as the caption families draw one): the line was found
 * with the picture's own text under it, as high as that text's line, and the crop's top margin, a share of that, cut
 * the accents over À and Ù: "CITTA PIU BELLA". The crop now grows up where the only shapes its top cut are marks over
 * its letters. Sampled as the service samples (the scenes step's grey copies), which the region finder works on.
 */
describe('ocr of accented capitals on a box over a busy photo', () => {
  it('keeps the accents the crop’s top margin cut', async () => {
    const ctx = stepContext(fakeTools({ video: new FfmpegVideoEngine({ ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' }), ocr: shippedOcr() }));
    const clip = path.join(ctx.workDir, 'caption.mp4');
    const caption = `drawtext=fontfile=${FONT}:text='CITTÀ PIÙ BELLA':fontsize=49:fontcolor=0x80ff60:box=1:boxcolor=black@0.65:boxborderw=12:x=(w-text_w)/2:y=558`;
    await run('ffmpeg', [
      ...['-v', 'error', '-y', '-loop', '1', '-framerate', '25', '-t', '1.5', '-i', PHOTOS.mosaic.file],
      ...['-vf', [...shotFilters({ seconds: 1.5, photo: 'mosaic' }, 720, 1280), caption].join(',')],
      ...['-c:v', 'libx264', '-preset', 'veryfast', clip],
    ]);
    const { samples } = await runStep(detectScenesStep, { source: clip }, ctx);
    const { captions } = await runStep(ocrStep, { frames: samples }, ctx);
    assert.ok(
      captions.some((c) => c.text === 'CITTÀ PIÙ BELLA'),
      JSON.stringify(captions),
    );
  });
});
