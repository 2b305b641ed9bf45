import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { captionSamples } from '../../../test/support/caption-still.js';
import { fakeTools, runStep, stepContext } from '../../../test/support/step-context.js';
import { TesseractOcr } from '../../engines/ocr/tesseract-ocr.js';
import { ocrStep } from './ocr.step.js';

/**
 * A caption running from a dark part of the picture into a bright one is found in two pieces, and the crop of the
 * longer piece ended, at its margins, in the middle of the last word's last letter: "THE BEST COFFEE IN TOWI".
 */
describe('ocr of a caption that runs from a dark into a bright part of the picture', () => {
  it('reads the whole line, its last letter too', async () => {
    const ctx = stepContext(fakeTools({ ocr: new TesseractOcr('tesseract') }));
    const frames = await captionSamples(ctx.workDir, {
      size: '720x1280',
      background: 'drawbox=x=iw*0.25:y=0:w=iw*0.75:h=ih:color=0xf8f8f8:t=fill,',
      text: 'THE BEST COFFEE IN TOWN',
      y: 'h*0.5',
      look: 'fontsize=36:fontcolor=white:borderw=3:bordercolor=black',
    });
    const out = await runStep(ocrStep, { frames }, ctx);
    assert.deepEqual(
      out.captions.map((c) => c.text),
      ['THE BEST COFFEE IN TOWN'],
      JSON.stringify(out.captions),
    );
  });
});
