import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readCaptionStill } from '../../../test/support/caption-still.js';

/**
 * A caption found by its contrast where only part of its line stands out by one polarity (issue 39): the rest of the
 * line, over stripes as bright as its letters or darker than its outline, must be read too, through the real step.
 */
describe('ocr of a caption line across stripes of the picture', () => {
  it('reads every word of outlined yellow text whose first words cross a white and then a purple stripe', async () => {
    const stripes = [
      'drawbox=x=0:y=0:w=330:h=ih:color=0xebebeb:t=fill',
      'drawbox=x=330:y=0:w=150:h=ih:color=0x400080:t=fill',
      'drawbox=x=480:y=0:w=iw-480:h=ih:color=0x101010:t=fill,',
    ].join(',');
    const look = 'fontsize=40:fontcolor=0xe0c000:borderw=3:bordercolor=black';
    const out = await readCaptionStill({
      size: '720x1280',
      background: stripes,
      text: 'Fresh bread every morning',
      y: 'h*0.84',
      look,
    });
    assert.deepEqual(
      out.captions.map((c) => c.text),
      ['Fresh bread every morning'],
      JSON.stringify(out.captions),
    );
  });
});
