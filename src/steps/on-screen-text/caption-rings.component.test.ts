import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { captionSamples } from '../../../test/support/caption-still.js';
import { fakeTools, runStep, stepContext } from '../../../test/support/step-context.js';
import { TesseractOcr } from '../../engines/ocr/tesseract-ocr.js';
import { ocrStep } from './ocr.step.js';

/** Dark letters with a light outline (issue 39): brightness finds the outline, the letters are what its rings close around. */
describe('ocr of dark text with a light outline', () => {
  it('reads the letters inside the outline, not the outline', async () => {
    const ctx = stepContext(fakeTools({ ocr: new TesseractOcr('tesseract') }));
    const look = 'fontsize=64:fontcolor=black:borderw=8:bordercolor=white';
    const frames = await captionSamples(ctx.workDir, { size: '720x1280', text: 'Bonjour a tous', y: 'h*0.8', look });
    const out = await runStep(ocrStep, { frames }, ctx);
    assert.deepEqual(
      out.captions.map((c) => c.text),
      ['Bonjour a tous'],
      JSON.stringify(out.captions),
    );
  });
});
