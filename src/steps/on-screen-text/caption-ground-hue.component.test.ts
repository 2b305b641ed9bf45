import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readCaptionStill, shippedOcr } from '../../../test/support/caption-still.js';
import { PHOTOS } from '../../../test/support/reel-clips.js';

const party = PHOTOS.party;
const [x, y, w, h] = party.region;
/** The photo of legs and dark clothes, as the caption families frame it (720x1280, cut from 1.3 times that). */
const PHOTO = `movie=${party.file},crop=${w}:${h}:${x}:${y},scale=936:1664:force_original_aspect_ratio=increase,crop=720:1280[p];[in][p]overlay,`;

/**
 * Light cyan letters over skin stand out by hue only: as less red than the picture (the letters) and, between them, as
 * redder than the cyan around it (the skin). The two lines were joined and the skin's hue keyed the crop: its letters
 * were the skin, read as "\" or nothing. Now the crop tries both colours.
 */
describe('ocr of a cyan pop over skin', () => {
  it('reads the word by the letters’ colour, not the ground’s between them', async () => {
    const out = await readCaptionStill(
      { size: '720x1280', background: PHOTO, text: 'END', y: 'h*0.72', look: 'fontsize=102:fontcolor=0x40e0ff' },
      shippedOcr(),
    );
    assert.deepEqual(
      out.captions.map((c) => c.text),
      ['END'],
      JSON.stringify(out.captions),
    );
  });
});
