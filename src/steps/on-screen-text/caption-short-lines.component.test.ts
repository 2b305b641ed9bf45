import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readCaptionStill } from '../../../test/support/caption-still.js';

/**
 * A caption that is not bright, on a frame where a few bright things line up (issue 39 item 3): three small lamps make a
 * short bright line, which kept the region finder from looking for text by contrast, so the red caption below them was
 * never read. Bright lines this short are fragments, not a caption: the frame is looked at by contrast too.
 */
describe('ocr of a red caption below a short row of bright lamps', () => {
  it('reads the caption, not only the lamps', async () => {
    const lamps = [0, 1, 2].map((i) => `drawbox=x=${330 + i * 20}:y=120:w=12:h=16:color=white:t=fill`).join(',');
    const out = await readCaptionStill({
      size: '720x1280',
      background: `${lamps},`,
      text: 'Pasta fatta in casa',
      y: 'h*0.8',
      look: 'fontsize=48:fontcolor=0xff4040',
    });
    assert.deepEqual(
      out.captions.map((c) => c.text.toLowerCase()),
      ['pasta fatta in casa'],
      JSON.stringify({ captions: out.captions, warnings: out.warnings }),
    );
  });
});
