import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readCaptionStill, shippedOcr } from '../../../test/support/caption-still.js';

/**
 * Black letters with a white outline are read from what the outline's rings close around; an accent has a small ring
 * of its own, and what it closes around, shorter than a letter, was dropped with the picture's small gaps: "Tres Bonne
 * Idee".
 */
describe('ocr of black letters with a white outline', () => {
  it('keeps the accents over them', async () => {
    const out = await readCaptionStill(
      { size: '720x1280', text: 'Très Bonne Idée', y: 'h*0.5', look: 'fontsize=70:fontcolor=black:borderw=7:bordercolor=white' },
      shippedOcr(),
    );
    assert.deepEqual(
      out.captions.map((c) => c.text),
      ['Très Bonne Idée'],
      JSON.stringify(out.captions),
    );
  });
});
