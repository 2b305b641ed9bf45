import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readCaptionClip, timedCaption } from '../../../test/support/caption-still.js';

const SANS_BOLD = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';

/**
 * A plain white caption of two lines over a dark picture crossed by a lighter band (caption families seed 36378, clips
 * 15 and 63: two lines over a crowd): the letters over the dark part look outlined, those over the band do not, and a
 * letter without the outline is kept on the outlined letters' rows; those rows were taken over both lines, twice a
 * line's height, so no such letter was kept on either line ("FRES BREAD EVE Y DAY").
 */
describe('ocr of a plain two-line caption partly over a lighter part of the picture', () => {
  it('reads both lines whole when a tan band crosses a letter of each', async () => {
    const look = `fontfile=${SANS_BOLD}:fontsize=80:fontcolor=white:x=(w-text_w)/2`;
    const captions = await readCaptionClip(
      ['-f', 'lavfi', '-i', 'color=c=0x203040:s=720x1280:r=25', '-t', '3'],
      [
        'drawbox=x=250:y=0:w=70:h=1280:c=0xc09070:t=fill',
        timedCaption(`${look}:y=560`, 'FRESH BREAD', 0, 3),
        timedCaption(`${look}:y=650`, 'EVERY DAY', 0, 3),
      ].join(','),
    );
    assert.deepEqual(
      captions.map((c) => c.text),
      ['FRESH BREAD EVERY DAY'],
    );
  });
});
