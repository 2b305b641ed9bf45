import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readCaptionStill, shippedOcr } from '../../../test/support/caption-still.js';

const FONT = '/usr/share/fonts/truetype/freefont/FreeSans.ttf';

/**
 * Black letters with a white outline over a blue picture: the outlines of a C's two ends meet and close its mouth, so
 * the blue in the C's bowl is inside the ring as the letters are, and the C was read with a blob in it ("@ittà", then
 * dropped for the English model's "Citta"). What the rings close around in another colour than the letters' is the
 * picture.
 */
describe('ocr of outlined letters whose outline closes a C', () => {
  it('reads the C without the picture in its bowl', async () => {
    const { captions } = await readCaptionStill(
      {
        size: '720x1280',
        font: FONT,
        background: 'drawbox=x=0:y=0:w=iw:h=ih:color=0x2050a0:t=fill,',
        text: 'Città Più Bella',
        y: 'h*0.8',
        look: 'fontsize=43:fontcolor=black:borderw=4:bordercolor=white',
      },
      shippedOcr(),
    );
    assert.deepEqual(
      captions.map((c) => c.text),
      ['Città Più Bella'],
    );
  });
});
