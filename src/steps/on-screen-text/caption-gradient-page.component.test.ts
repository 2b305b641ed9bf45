import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readCaptionStill } from '../../../test/support/caption-still.js';

/**
 * Yellow text with a drop shadow at the top of a bright gradient: the whole frame is a bright page, and its ink was
 * told from the crop's median colour, from which the white end of the gradient differs as much as the letters do,
 * so the letters sat inside one large shape of "ink" and nothing was read.
 */
describe('ocr of a caption on a bright gradient', () => {
  it('reads yellow text with a drop shadow at its white end', async () => {
    const out = await readCaptionStill({
      size: '720x1280',
      background: "format=rgb24,geq=r='255-15*Y/H':g='255-47*Y/H':b='255-111*Y/H',",
      text: 'FRESH BREAD DAILY',
      y: 'h*0.1',
      look: 'fontsize=62:fontcolor=0xffe000:shadowx=4:shadowy=4:shadowcolor=black@0.75',
    });
    assert.deepEqual(
      out.captions.map((c) => c.text),
      ['FRESH BREAD DAILY'],
      JSON.stringify(out.captions),
    );
  });
});
