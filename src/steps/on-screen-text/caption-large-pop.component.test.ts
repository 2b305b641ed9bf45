import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readCaptionStill } from '../../../test/support/caption-still.js';

/**
 * A one-word pop on a landscape frame is taller than any caption line (15% of the frame's height for 108 px on 720),
 * and its shadow's dark letters made a line of their own: it read nothing, or the shadow's garbage.
 */
describe('ocr of a large one-word pop on a landscape frame', () => {
  for (const text of ['VIAGEM', 'DE']) {
    it(`reads "${text}" at 108 px with a shadow`, async () => {
      const look = 'fontsize=108:fontcolor=white:shadowcolor=black:shadowx=6:shadowy=6';
      const out = await readCaptionStill({ size: '1280x720', text, y: 'h*0.55', look });
      assert.deepEqual(
        out.captions.map((c) => c.text),
        [text],
        JSON.stringify(out.captions),
      );
    });
  }
});
