import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { fakeTools, runStep, stepContext } from '../../../test/support/step-context.js';
import { TesseractOcr } from '../../engines/ocr/tesseract-ocr.js';
import { FfmpegVideoEngine } from '../../engines/video/ffmpeg-video-engine.js';
import { detectScenesStep } from '../scenes/detect-scenes.step.js';
import { ocrStep } from './ocr.step.js';

const run = promisify(execFile);
const PARTY = path.resolve('node_modules/@vladmandic/human/assets/samples.jpg');
const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';
const CAPTION = 'MEET THE NEW TEAM';

/**
 * Issue 39: plain white text (no outline, no box) laid over a camera panning across a busy photograph, the picture
 * the reels' "party" shot shows. Each sample shows the caption over other texture; read sample by sample, each
 * sample gave other fragments of it ("MEET TH NEW TEAM", "MEET TE.", "NE TEAM", "NEW TEA"). The caption stays where
 * it is laid while the picture moves: the pixels that stay from sample to sample are read, and the caption is one.
 */
describe('a caption over a panning photograph', () => {
  const tools = () =>
    fakeTools({ video: new FfmpegVideoEngine({ ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' }), ocr: new TesseractOcr('tesseract') });
  let clip: string;

  before(async () => {
    const ctx = stepContext(tools());
    clip = path.join(ctx.workDir, 'pan.mp4');
    const camera = "crop=1664:936,crop=1280:720:x='(iw-ow)*t/3':y='(ih-oh)/2'";
    const text = `drawtext=fontfile=${FONT}:text='${CAPTION}':fontsize=72:fontcolor=white:x=(w-text_w)/2:y=h*0.3`;
    await run('ffmpeg', [
      ...['-v', 'error', '-y', '-loop', '1', '-framerate', '25', '-t', '3', '-i', PARTY],
      ...[
        '-vf',
        `crop=460:558:130:600,setsar=1,scale=1664:936:force_original_aspect_ratio=increase,${camera},fps=25,${text},format=yuv420p`,
      ],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-t', '3', clip],
    ]);
  });

  it('reads it word for word once, with no fragment of the texture', async () => {
    const ctx = stepContext(tools());
    const { samples } = await runStep(detectScenesStep, { source: clip }, ctx);
    assert.ok(samples.length >= 6, 'two samples a second');
    const out = await runStep(ocrStep, { frames: samples }, ctx);
    assert.deepEqual(
      out.captions.map((c) => c.text),
      [CAPTION],
    );
    assert.deepEqual([out.captions[0].start, out.captions[0].end], [0, 3], 'one caption, shown through the pan');
    assert.ok(out.captions[0].readings >= 3, 'voted on');
  });

  it('reads it in pieces when every sample stands alone (the picture under it then tells nothing)', async () => {
    const ctx = stepContext(tools());
    const { samples } = await runStep(detectScenesStep, { source: clip }, ctx);
    // Each sample its own scene: no neighbour to compare it with, as before the change.
    const out = await runStep(ocrStep, { frames: samples.map((s, i) => ({ ...s, scene: i })) }, ctx);
    assert.ok(
      out.captions.some((c) => c.text !== CAPTION),
      out.captions.map((c) => c.text).join(' | '),
    );
  });
});
