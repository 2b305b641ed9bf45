import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readCaptionStill } from '../../../test/support/caption-still.js';

/**
 * A bold B or D fills as much of its box as a block of the picture does, and was dropped from the crop as one ("BREAD"
 * read "READ"): it closes around its counters, which a block does not.
 */
describe('ocr of bold letters with small counters', () => {
  for (const look of ['fontsize=70:fontcolor=white', 'fontsize=60:fontcolor=black:box=1:boxcolor=white:boxborderw=20']) {
    it(`keeps every B and D (${look.includes('box') ? 'on a light box' : 'white'})`, async () => {
      const out = await readCaptionStill({ size: '720x1280', text: 'BREAD DOUGH', y: 'h*0.5', look });
      assert.deepEqual(
        out.captions.map((c) => c.text),
        ['BREAD DOUGH'],
        JSON.stringify(out.captions),
      );
    });
  }
});
