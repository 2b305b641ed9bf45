import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { describe, it } from 'node:test';
import { promisify } from 'node:util';
import { fakeTools, runStep, stepContext } from '../../../test/support/step-context.js';
import { TesseractOcr } from '../../engines/ocr/tesseract-ocr.js';
import { ocrStep } from './ocr.step.js';

const run = promisify(execFile);
const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';

/** Two seconds of samples (2 a second) of one still frame: `background` (drawbox filters over a dark slate) and `text` drawn with `look` at `y`. */
async function samples(dir: string, size: string, background: string, text: string, y: string, look: string) {
  const file = path.join(dir, 'frame.jpg');
  const draw = `drawtext=fontfile=${FONT}:text='${text}':${look}:x=(w-text_w)/2:y=${y}`;
  await run('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `color=c=0x203040:s=${size}`,
    '-vf',
    `${background}${draw}`,
    '-frames:v',
    '1',
    '-q:v',
    '3',
    file,
  ]);
  return [0, 0.5, 1, 1.5].map((time) => ({ time, path: file, scene: 0 }));
}

/**
 * Captions the crop lost letters of (issue 39), where the picture behind the letters is as bright as they are, read
 * through the real step with Tesseract.
 */
describe('ocr of light text over a bright picture', () => {
  it('reads every word of a cyan caption that crosses a pale part of the picture, by the colour of its letters', async () => {
    const ctx = stepContext(fakeTools({ ocr: new TesseractOcr('tesseract') }));
    const pale = 'drawbox=x=0:y=0:w=300:h=1280:color=0xe8e8e8:t=fill,';
    const frames = await samples(ctx.workDir, '720x1280', pale, 'Attendez la fin', 'h*0.82', 'fontsize=56:fontcolor=0x30c0f0');
    const out = await runStep(ocrStep, { frames }, ctx);
    assert.deepEqual(
      out.captions.map((c) => c.text),
      ['Attendez la fin'],
      JSON.stringify(out.captions),
    );
  });

  it('reads white text with a shadow on a cream picture as big as the frame', async () => {
    const ctx = stepContext(fakeTools({ ocr: new TesseractOcr('tesseract') }));
    const cream = 'drawbox=x=0:y=0:w=iw:h=ih:color=0xf4ecd8:t=fill,';
    const shadow = 'fontsize=48:fontcolor=white:shadowx=3:shadowy=3:shadowcolor=black@0.75';
    const frames = await samples(ctx.workDir, '1280x720', cream, 'Meet the new team', 'h*0.2', shadow);
    const out = await runStep(ocrStep, { frames }, ctx);
    assert.deepEqual(
      out.captions.map((c) => c.text),
      ['Meet the new team'],
      JSON.stringify(out.captions),
    );
  });
});
