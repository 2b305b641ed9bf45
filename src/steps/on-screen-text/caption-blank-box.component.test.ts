import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readCaptionStill } from '../../../test/support/caption-still.js';

/** Colour bars across a 1280 x 720 frame (smptebars' colours), each `c` of drawbox. */
const BARS = ['0xc0c0c0', '0xc0c000', '0x00c0c0', '0x00c000', '0xc000c0', '0xc00000', '0x0000c0']
  .map((c, i) => `drawbox=x=${i * 183}:y=0:w=183:h=720:c=${c}:t=fill,`)
  .join('');

/**
 * A red outlined caption over colour bars beside a plain white block (issue 39, the families' two lines over
 * smptebars): the block was taken for a light box, and a frame with a light box was never looked at by contrast, where
 * red letters stand out.
 */
describe('ocr of a red caption beside a blank white block', () => {
  it('reads the caption: a box with nothing in it does not stand for the frame text', async () => {
    const out = await readCaptionStill({
      size: '1280x720',
      background: `${BARS}drawbox=x=1100:y=480:w=180:h=60:c=white:t=fill,`,
      text: 'Fresh Bread Every Morning',
      y: 'h*0.3',
      look: 'fontsize=40:fontcolor=0xff4040:borderw=2:bordercolor=black',
    });
    assert.deepEqual(
      out.captions.map((c) => c.text),
      ['Fresh Bread Every Morning'],
      JSON.stringify(out.captions),
    );
  });
});
