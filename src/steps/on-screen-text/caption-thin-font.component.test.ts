import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { captionSamples } from '../../../test/support/caption-still.js';
import { fakeTools, runStep, stepContext } from '../../../test/support/step-context.js';
import { TesseractOcr } from '../../engines/ocr/tesseract-ocr.js';
import { ocrStep } from './ocr.step.js';

/**
 * A large one-word caption in a thin font (issue 39, the families' pops): its crop is not zoomed, and opening its ink
 * as wide as its line is tall took the thin strokes away, leaving the H's two stems.
 */
describe('ocr of a large caption in a thin font', () => {
  it('reads a light blue word in FreeMono at 106 px', async () => {
    const ctx = stepContext(fakeTools({ ocr: new TesseractOcr('tesseract') }));
    const look = 'fontfile=/usr/share/fonts/truetype/freefont/FreeMono.ttf:fontsize=106:fontcolor=0x40e0ff';
    const frames = await captionSamples(ctx.workDir, { size: '720x1280', text: 'HOW', y: 'h*0.5', look });
    const out = await runStep(ocrStep, { frames }, ctx);
    assert.deepEqual(
      out.captions.map((c) => c.text),
      ['HOW'],
      JSON.stringify(out.captions),
    );
  });
});
