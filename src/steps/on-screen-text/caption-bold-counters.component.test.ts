import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { captionSamples } from '../../../test/support/caption-still.js';
import { fakeTools, runStep, stepContext } from '../../../test/support/step-context.js';
import { TesseractOcr } from '../../engines/ocr/tesseract-ocr.js';
import { ocrStep } from './ocr.step.js';

/**
 * A bold B or D fills as much of its box as a block of the picture does, and was dropped from the crop as one ("BREAD"
 * read "READ"): it closes around its counters, which a block does not.
 */
describe('ocr of bold letters with small counters', () => {
  for (const look of ['fontsize=70:fontcolor=white', 'fontsize=60:fontcolor=black:box=1:boxcolor=white:boxborderw=20']) {
    it(`keeps every B and D (${look.includes('box') ? 'on a light box' : 'white'})`, async () => {
      const ctx = stepContext(fakeTools({ ocr: new TesseractOcr('tesseract') }));
      const frames = await captionSamples(ctx.workDir, { size: '720x1280', text: 'BREAD DOUGH', y: 'h*0.5', look });
      const out = await runStep(ocrStep, { frames }, ctx);
      assert.deepEqual(
        out.captions.map((c) => c.text),
        ['BREAD DOUGH'],
        JSON.stringify(out.captions),
      );
    });
  }
});
