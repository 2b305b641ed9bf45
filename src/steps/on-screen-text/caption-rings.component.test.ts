import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readCaptionStill } from '../../../test/support/caption-still.js';

/** Dark letters with a light outline (issue 39): brightness finds the outline, the letters are what its rings close around. */
describe('ocr of dark text with a light outline', () => {
  it('reads the letters inside the outline, not the outline', async () => {
    const look = 'fontsize=64:fontcolor=black:borderw=8:bordercolor=white';
    const out = await readCaptionStill({ size: '720x1280', text: 'Bonjour a tous', y: 'h*0.8', look });
    assert.deepEqual(
      out.captions.map((c) => c.text),
      ['Bonjour a tous'],
      JSON.stringify(out.captions),
    );
  });
});
