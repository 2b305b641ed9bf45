import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readCaptionClip, stillPhoto } from '../../../test/support/caption-still.js';
import { PHOTOS, shotFilters } from '../../../test/support/reel-clips.js';

const FONT = '/usr/share/fonts/truetype/liberation/LiberationSans-Italic.ttf';

/**
 * Capitals with accents on a dark box over the mosaic of faces (as the caption families draw one): the line was found
 * with the picture's own text under it, as high as that text's line, and the crop's top margin, a share of that, cut
 * the accents over À and Ù: "CITTA PIU BELLA". The crop now grows up where the only shapes its top cut are marks over
 * its letters. Sampled as the service samples (the scenes step's grey copies), which the region finder works on.
 */
describe('ocr of accented capitals on a box over a busy photo', () => {
  it('keeps the accents the crop’s top margin cut', async () => {
    const caption = `drawtext=fontfile=${FONT}:text='CITTÀ PIÙ BELLA':fontsize=49:fontcolor=0x80ff60:box=1:boxcolor=black@0.65:boxborderw=12:x=(w-text_w)/2:y=558`;
    const captions = await readCaptionClip(
      stillPhoto(PHOTOS.mosaic.file, 1.5),
      [...shotFilters({ seconds: 1.5, photo: 'mosaic' }, 720, 1280), caption].join(','),
    );
    assert.ok(
      captions.some((c) => c.text === 'CITTÀ PIÙ BELLA'),
      JSON.stringify(captions),
    );
  });
});
