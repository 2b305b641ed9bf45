import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readCaptionStill } from '../../../test/support/caption-still.js';

const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';

/**
 * Black bold letters on a white box with a narrow margin, with a white line of text elsewhere in the frame (issue 39,
 * the families' light boxes over the photo mosaic): the letters take over a third of the box, so it was not solid
 * enough to be a box, and the white line kept the frame from being looked at by contrast.
 */
describe('ocr of a light box whose letters fill much of it', () => {
  it('reads the boxed caption beside the white line', async () => {
    const out = await readCaptionStill({
      size: '720x1280',
      background: `drawtext=fontfile=${FONT}:text='FRESH EVERY MORNING':fontsize=48:fontcolor=white:x=(w-text_w)/2:y=h*0.8,`,
      text: 'BONJOUR A TOUS',
      y: 'h*0.2',
      look: 'fontsize=60:fontcolor=black:box=1:boxcolor=white:boxborderw=6',
    });
    assert.deepEqual(out.captions.map((c) => c.text).sort(), ['BONJOUR A TOUS', 'FRESH EVERY MORNING'], JSON.stringify(out.captions));
  });
});
