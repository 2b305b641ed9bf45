import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { familyFrame, readCaptionClip, stillPhoto, timedCaption } from '../../../test/support/caption-still.js';
import { PHOTOS } from '../../../test/support/reel-clips.js';

const FONT = '/usr/share/fonts/truetype/liberation/LiberationMono-BoldItalic.ttf';

/**
 * A caption on a dark box over a portrait, read in three samples: two read it clean ("Espera El Final"), one with a
 * speck of the picture as a letter after it ("Espera El Final ť"). That one holds the others' reading whole, so it
 * won the vote, and its speck made the caption read like texture (four words, half of them of two letters or less,
 * under 0.8): the caption was dropped (caption families seed 29052, clip 32).
 */
describe('ocr of a caption one of whose readings adds a speck', () => {
  it('reads both captions', async () => {
    const look = `fontfile=${FONT}:fontsize=46:fontcolor=0xffe000:box=1:boxcolor=black@0.65:boxborderw=12:x=(w-text_w)/2:y=713`;
    const captions = await readCaptionClip(
      stillPhoto(PHOTOS.portrait.file),
      [
        familyFrame(null),
        'fps=25',
        timedCaption(look, 'Espera El Final', 0.1, 1.499),
        timedCaption(look, 'Tres Pasos Fáciles', 1.6, 2.899),
        'format=yuv420p',
      ].join(','),
    );
    // No spell check here to mend the second caption's mark.
    assert.deepEqual(
      captions.map((c) => c.text),
      ['Espera El Final', 'Tres Pasos Faciles'],
      JSON.stringify(captions),
    );
  });
});
