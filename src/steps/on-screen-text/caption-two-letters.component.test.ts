import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { captionSamples } from '../../../test/support/caption-still.js';
import { fakeTools, runStep, stepContext } from '../../../test/support/step-context.js';
import { TesseractOcr } from '../../engines/ocr/tesseract-ocr.js';
import { ocrStep } from './ocr.step.js';

/**
 * A one-word pop of two letters (issue 39, the families' pops: "DE" of "DICAS DE VIAGEM"): a line needed three letters,
 * so the word was never a region and never read.
 */
describe('ocr of a two-letter pop', () => {
  it('reads a large white "DE" on a dark frame', async () => {
    const ctx = stepContext(fakeTools({ ocr: new TesseractOcr('tesseract') }));
    const frames = await captionSamples(ctx.workDir, { size: '720x1280', text: 'DE', y: 'h*0.5', look: 'fontsize=90:fontcolor=white' });
    const out = await runStep(ocrStep, { frames }, ctx);
    assert.deepEqual(
      out.captions.map((c) => c.text),
      ['DE'],
      JSON.stringify(out.captions),
    );
  });
});
