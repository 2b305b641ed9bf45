import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readCaptionStill } from '../../../test/support/caption-still.js';

/**
 * A one-word pop of two letters (issue 39, the families' pops: "DE" of "DICAS DE VIAGEM"): a line needed three letters,
 * so the word was never a region and never read.
 */
describe('ocr of a two-letter pop', () => {
  it('reads a large white "DE" on a dark frame', async () => {
    const out = await readCaptionStill({ size: '720x1280', text: 'DE', y: 'h*0.5', look: 'fontsize=90:fontcolor=white' });
    assert.deepEqual(
      out.captions.map((c) => c.text),
      ['DE'],
      JSON.stringify(out.captions),
    );
  });
});
