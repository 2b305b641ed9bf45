import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readCaptionStill, shippedOcr } from '../../../test/support/caption-still.js';

const SERIF = '/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf';

/**
 * White words in a regular serif face on a dark box whose letters nearly all close around counters (B, R, A, D, O):
 * most of their ink closes around something, as the rings of a light outline around dark letters do, and the crop read
 * the counters as the letters ("BREAD" was read "4D", "ROAD DOOR" as nothing). A counter is a hole about as solid as
 * its box; what an outline closes around is a letter's strokes.
 */
describe('ocr of light letters whose counters are most of the line', () => {
  for (const text of ['BREAD', 'ROAD DOOR']) {
    it(`reads "${text}"`, async () => {
      const { captions } = await readCaptionStill(
        { size: '720x1280', font: SERIF, text, y: 'h*0.5', look: 'fontsize=82:fontcolor=white:box=1:boxcolor=black@0.65:boxborderw=20' },
        shippedOcr(),
      );
      assert.deepEqual(
        captions.map((c) => c.text),
        [text],
      );
    });
  }
});
