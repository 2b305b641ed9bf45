import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readCaptionStill } from '../../../test/support/caption-still.js';

/**
 * A bright caption whose letters cross parts of the picture as bright as they are (issue 39): in the crop's bright
 * split each such letter merges with the bar behind it into a shape taller than the line, which was dropped whole.
 */
describe('ocr of a bright caption crossing bright bars', () => {
  it('reads every word of a yellow caption crossing white bars, by the colour of its letters', async () => {
    const bars = [150, 330, 520].map((x) => `drawbox=x=${x}:y=0:w=14:h=ih:color=white:t=fill,`).join('');
    const look = 'fontsize=60:fontcolor=0xffe000:shadowx=3:shadowy=3:shadowcolor=black';
    const out = await readCaptionStill({ size: '720x1280', background: bars, text: 'buongiorno a tutti', y: 'h*0.8', look });
    assert.deepEqual(
      out.captions.map((c) => c.text),
      ['buongiorno a tutti'],
      JSON.stringify(out.captions),
    );
  });
});
