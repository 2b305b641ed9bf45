import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readCaptionStill, shippedOcr } from '../../../test/support/caption-still.js';

/**
 * A one-word pop with no two ASCII letters in a row (issue 39, the families' pops: Portuguese "não", French "été"):
 * the Latin-script model read it, then the step took a line for a real word only with two ASCII letters in a row,
 * and dropped it.
 */
describe('ocr of an accented one-word pop', () => {
  it('reads a white "été" on a dark box', async () => {
    const out = await readCaptionStill(
      { size: '720x1280', text: 'été', y: 'h*0.3', look: 'fontsize=100:fontcolor=white:box=1:boxcolor=0x402040:boxborderw=20' },
      shippedOcr(),
    );
    assert.deepEqual(
      out.captions.map((c) => c.text),
      ['été'],
      JSON.stringify(out.captions),
    );
  });
});
