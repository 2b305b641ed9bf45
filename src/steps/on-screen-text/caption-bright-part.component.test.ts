import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { captionSamples } from '../../../test/support/caption-still.js';
import { fakeTools, runStep, stepContext } from '../../../test/support/step-context.js';
import { TesseractOcr } from '../../engines/ocr/tesseract-ocr.js';
import { ocrStep } from './ocr.step.js';

/**
 * White letters found by their brightness (issue 39) that cross a part of the picture nearly as bright as they are:
 * in the crop's bright split those letters and that part are one shape, taller than the line, which was dropped with
 * the picture, and the words over it were lost. Read through the real step with Tesseract.
 */
describe('ocr of white text crossing a bright part of the picture', () => {
  it('reads every word of a shadowed white caption over a red, a narrow yellow and a blue bar', async () => {
    const ctx = stepContext(fakeTools({ ocr: new TesseractOcr('tesseract') }));
    const bars = [
      'drawbox=x=0:y=0:w=330:h=ih:color=0xff0000:t=fill',
      'drawbox=x=330:y=0:w=60:h=ih:color=0xffff00:t=fill',
      'drawbox=x=390:y=0:w=iw-390:h=ih:color=0x0000ff:t=fill,',
    ].join(',');
    const look = 'fontsize=52:fontcolor=white:shadowx=3:shadowy=3:shadowcolor=black@0.75';
    const frames = await captionSamples(ctx.workDir, { size: '720x1280', background: bars, text: 'Meet the new team', y: 'h*0.8', look });
    const out = await runStep(ocrStep, { frames }, ctx);
    assert.deepEqual(
      out.captions.map((c) => c.text),
      ['Meet the new team'],
      JSON.stringify(out.captions),
    );
  });
});
