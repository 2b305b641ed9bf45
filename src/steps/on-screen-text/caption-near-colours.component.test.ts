import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readCaptionStill } from '../../../test/support/caption-still.js';

/** Bands of skin, tan and dark brown across a 1280x720 frame: a picture holding colours near red letters'. */
const SKIN_AND_BROWN = ['0xe0a080', '0x402a20', '0xc87858', '0xf0c0a0', '0x603020', '0xd09070'];
const bands = Array.from(
  { length: 12 },
  (_, i) => `drawbox=x=${i * 107}:y=0:w=107:h=ih:color=${SKIN_AND_BROWN[i % SKIN_AND_BROWN.length]}:t=fill,`,
).join('');

/**
 * Red letters found by their hue were keyed by the crop's own split of the colour distances, which took the skin tones
 * with the letters: glued to the picture, most letters were dropped ("sh Bre very M g").
 */
describe('ocr of a red caption over a picture of colours near red', () => {
  it('reads the caption whole', async () => {
    const out = await readCaptionStill({
      size: '1280x720',
      background: bands,
      text: 'Fresh Bread Every Morning',
      y: 'h*0.8',
      look: 'fontsize=50:fontcolor=0xff4040:shadowx=4:shadowy=4:shadowcolor=black@0.75',
    });
    assert.deepEqual(
      out.captions.map((c) => c.text),
      ['Fresh Bread Every Morning'],
      JSON.stringify(out.captions),
    );
  });
});
