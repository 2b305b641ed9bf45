import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readCaptionStill } from '../../../test/support/caption-still.js';

/**
 * A caption running from a dark part of the picture into a bright one is found in two pieces, and the crop of the
 * longer piece ended, at its margins, in the middle of the last word's last letter: "THE BEST COFFEE IN TOWI".
 */
describe('ocr of a caption that runs from a dark into a bright part of the picture', () => {
  it('reads the whole line, its last letter too', async () => {
    const out = await readCaptionStill({
      size: '720x1280',
      background: 'drawbox=x=iw*0.25:y=0:w=iw*0.75:h=ih:color=0xf8f8f8:t=fill,',
      text: 'THE BEST COFFEE IN TOWN',
      y: 'h*0.5',
      look: 'fontsize=36:fontcolor=white:borderw=3:bordercolor=black',
    });
    assert.deepEqual(
      out.captions.map((c) => c.text),
      ['THE BEST COFFEE IN TOWN'],
      JSON.stringify(out.captions),
    );
  });
});
