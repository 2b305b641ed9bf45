import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readCaptionStill } from '../../../test/support/caption-still.js';

/**
 * A large red pop over a flat blue picture (families seed 39965 draws one), through the real step. Without a shadow:
 * the blue inside and between the red letters stands out as less red than the letters around it, and that mask's
 * line, of the picture's own colour, was taken for the caption: its crop keyed on the blue, and nothing was read. With
 * a dark shadow (seed 39965's clip 29): the capital and the ascenders are taller than a landscape frame's line (9% of
 * its height), and the red mask's taller letters were not kept aside as the light mask's are.
 */
describe('ocr of red letters over flat blue', () => {
  for (const [name, look] of [
    ['reads the word, not the blue between its letters', 'fontsize=90:fontcolor=0xff4040'],
    [
      'reads it with a drop shadow, its capital and ascenders taller than a line',
      'fontsize=90:fontcolor=0xff4040:shadowcolor=black@0.8:shadowx=5:shadowy=5',
    ],
  ])
    it(name, async () => {
      const out = await readCaptionStill({
        size: '1280x720',
        background: 'drawbox=x=0:y=0:w=iw:h=ih:color=0x1f4f9f:t=fill,',
        font: '/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf',
        text: 'Changed',
        y: '130',
        look,
      });
      assert.deepEqual(
        out.captions.map((c) => c.text),
        ['Changed'],
        JSON.stringify({ captions: out.captions, warnings: out.warnings }),
      );
    });
});
