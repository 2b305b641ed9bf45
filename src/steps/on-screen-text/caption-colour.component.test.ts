import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readCaptionStill } from '../../../test/support/caption-still.js';

/**
 * Captions the crop lost letters of (issue 39), where the picture behind the letters is as bright as they are, read
 * through the real step with Tesseract.
 */
describe('ocr of light text over a bright picture', () => {
  it('reads every word of a cyan caption that crosses a pale part of the picture, by the colour of its letters', async () => {
    const pale = 'drawbox=x=0:y=0:w=300:h=1280:color=0xe8e8e8:t=fill,';
    const look = 'fontsize=56:fontcolor=0x30c0f0';
    const out = await readCaptionStill({ size: '720x1280', background: pale, text: 'Attendez la fin', y: 'h*0.82', look });
    assert.deepEqual(
      out.captions.map((c) => c.text),
      ['Attendez la fin'],
      JSON.stringify(out.captions),
    );
  });

  it('reads white text with a shadow on a cream picture as big as the frame', async () => {
    const cream = 'drawbox=x=0:y=0:w=iw:h=ih:color=0xf4ecd8:t=fill,';
    const shadow = 'fontsize=48:fontcolor=white:shadowx=3:shadowy=3:shadowcolor=black@0.75';
    const out = await readCaptionStill({
      size: '1280x720',
      background: cream,
      text: 'Meet the new team',
      y: 'h*0.2',
      look: shadow,
    });
    assert.deepEqual(
      out.captions.map((c) => c.text),
      ['Meet the new team'],
      JSON.stringify(out.captions),
    );
  });
});
