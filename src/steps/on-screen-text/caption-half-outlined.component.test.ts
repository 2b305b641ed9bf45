import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readCaptionStill } from '../../../test/support/caption-still.js';

/**
 * A plain white caption over a dark picture crossed by a lighter band (issue 39, the families' pops over photos): the
 * letters over the dark part look outlined, the one over the band does not, and a line mostly outlined kept only its
 * outlined letters ("TH EE").
 */
describe('ocr of a plain caption partly over a lighter part of the picture', () => {
  it('reads "THREE" whole when its R stands on a tan band', async () => {
    const out = await readCaptionStill({
      size: '720x1280',
      background: 'drawbox=x=330:y=0:w=70:h=1280:c=0xc09070:t=fill,',
      text: 'THREE',
      y: 'h*0.5',
      look: 'fontsize=100:fontcolor=white',
    });
    assert.deepEqual(
      out.captions.map((c) => c.text),
      ['THREE'],
      JSON.stringify(out.captions),
    );
  });
});
