import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readCaptionStill } from '../../../test/support/caption-still.js';

/**
 * A large one-word caption in a thin font (issue 39, the families' pops): its crop is not zoomed, and opening its ink
 * as wide as its line is tall took the thin strokes away, leaving the H's two stems.
 */
describe('ocr of a large caption in a thin font', () => {
  it('reads a light blue word in FreeMono at 106 px', async () => {
    const look = 'fontfile=/usr/share/fonts/truetype/freefont/FreeMono.ttf:fontsize=106:fontcolor=0x40e0ff';
    const out = await readCaptionStill({ size: '720x1280', text: 'HOW', y: 'h*0.5', look });
    assert.deepEqual(
      out.captions.map((c) => c.text),
      ['HOW'],
      JSON.stringify(out.captions),
    );
  });
});
