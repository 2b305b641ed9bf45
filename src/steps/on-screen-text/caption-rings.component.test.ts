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

/** Two seconds of samples (2 a second) of one still frame: `text` drawn with `look` over a dark slate, low in the frame. */
async function samples(dir: string, text: string, look: string) {
  const file = path.join(dir, 'frame.jpg');
  const draw = `drawtext=fontfile=${FONT}:text='${text}':${look}:x=(w-text_w)/2:y=h*0.8`;
  await run('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'color=c=0x203040:s=720x1280',
    '-vf',
    draw,
    '-frames:v',
    '1',
    '-q:v',
    '3',
    file,
  ]);
  return [0, 0.5, 1, 1.5].map((time) => ({ time, path: file, scene: 0 }));
}

/** Dark letters with a light outline (issue 39): brightness finds the outline, the letters are what its rings close around. */
describe('ocr of dark text with a light outline', () => {
  it('reads the letters inside the outline, not the outline', async () => {
    const ctx = stepContext(fakeTools({ ocr: new TesseractOcr('tesseract') }));
    const look = 'fontsize=64:fontcolor=black:borderw=8:bordercolor=white';
    const frames = await samples(ctx.workDir, 'Bonjour a tous', look);
    const out = await runStep(ocrStep, { frames }, ctx);
    assert.deepEqual(
      out.captions.map((c) => c.text),
      ['Bonjour a tous'],
      JSON.stringify(out.captions),
    );
  });
});
