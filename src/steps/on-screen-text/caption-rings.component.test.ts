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

  /**
   * Over a picture as dark as the letters, what the rings close around is as dark as the picture beside them, as the
   * box is in a lone light letter's counter (caption families seed 88256, clip 31: "espera el final" was read as
   * nothing when the rings were taken for light letters); the letters fill their rings, a counter does not.
   */
  it('reads them over a picture as dark as they are', async () => {
    const look = 'fontsize=57:fontcolor=black:borderw=6:bordercolor=white';
    const background = 'drawbox=c=0x101010:t=fill,';
    const font = '/usr/share/fonts/truetype/freefont/FreeSansBoldOblique.ttf';
    const out = await readCaptionStill({ size: '720x1280', text: 'espera el final', y: 'h*0.5', look, background, font });
    assert.deepEqual(
      out.captions.map((c) => c.text),
      ['espera el final'],
      JSON.stringify(out.captions),
    );
  });
});
