import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { captionSamples } from '../../../test/support/caption-still.js';
import { fakeTools, runStep, stepContext } from '../../../test/support/step-context.js';
import { TesseractOcr } from '../../engines/ocr/tesseract-ocr.js';
import { ocrStep } from './ocr.step.js';

/**
 * A bright caption whose letters cross parts of the picture as bright as they are (issue 39): in the crop's bright
 * split each such letter merges with the bar behind it into a shape taller than the line, which was dropped whole.
 */
describe('ocr of a bright caption crossing bright bars', () => {
  it('reads every word of a yellow caption crossing white bars, by the colour of its letters', async () => {
    const ctx = stepContext(fakeTools({ ocr: new TesseractOcr('tesseract') }));
    const bars = [150, 330, 520].map((x) => `drawbox=x=${x}:y=0:w=14:h=ih:color=white:t=fill,`).join('');
    const look = 'fontsize=60:fontcolor=0xffe000:shadowx=3:shadowy=3:shadowcolor=black';
    const frames = await captionSamples(ctx.workDir, { size: '720x1280', background: bars, text: 'buongiorno a tutti', y: 'h*0.8', look });
    const out = await runStep(ocrStep, { frames }, ctx);
    assert.deepEqual(
      out.captions.map((c) => c.text),
      ['buongiorno a tutti'],
      JSON.stringify(out.captions),
    );
  });
});
