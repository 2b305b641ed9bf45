import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { captionSamples } from '../../../test/support/caption-still.js';
import { fakeTools, runStep, stepContext } from '../../../test/support/step-context.js';
import { TesseractOcr } from '../../engines/ocr/tesseract-ocr.js';
import { ocrStep } from './ocr.step.js';

/**
 * A plain white caption over a dark picture crossed by a lighter band (issue 39, the families' pops over photos): the
 * letters over the dark part look outlined, the one over the band does not, and a line mostly outlined kept only its
 * outlined letters ("TH EE").
 */
describe('ocr of a plain caption partly over a lighter part of the picture', () => {
  it('reads "THREE" whole when its R stands on a tan band', async () => {
    const ctx = stepContext(fakeTools({ ocr: new TesseractOcr('tesseract') }));
    const frames = await captionSamples(ctx.workDir, {
      size: '720x1280',
      background: 'drawbox=x=330:y=0:w=70:h=1280:c=0xc09070:t=fill,',
      text: 'THREE',
      y: 'h*0.5',
      look: 'fontsize=100:fontcolor=white',
    });
    const out = await runStep(ocrStep, { frames }, ctx);
    assert.deepEqual(
      out.captions.map((c) => c.text),
      ['THREE'],
      JSON.stringify(out.captions),
    );
  });
});
