import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readCaptionStill } from '../../../test/support/caption-still.js';

/**
 * A caption that stands out of the picture by its hue only (issue 39): red letters with a black outline over colour
 * bars are neither brighter than the bars nor much darker, so neither contrast mask holds them; through the real step.
 */
describe('ocr of a caption that differs from the picture by hue only', () => {
  it('reads red outlined text over yellow, blue and magenta bars', async () => {
    const bars = ['0xffff00', '0x0000ff', '0xff00ff', '0x00ffff']
      .map((c, i) => `drawbox=x=${i * 320}:y=0:w=320:h=ih:color=${c}:t=fill`)
      .join(',');
    const out = await readCaptionStill({
      size: '1280x720',
      background: `${bars},`,
      text: 'la mejor receta',
      y: 'h*0.12',
      look: 'fontsize=80:fontcolor=0xff4040:borderw=4:bordercolor=black',
    });
    assert.deepEqual(
      out.captions.map((c) => c.text.toLowerCase()),
      ['la mejor receta'],
      JSON.stringify({ captions: out.captions, warnings: out.warnings }),
    );
  });
});
