import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readCaptionClip, stillPhoto, timedCaption } from '../../../test/support/caption-still.js';
import { PHOTOS, shotFilters } from '../../../test/support/reel-clips.js';

describe('ocr of a caption whose crop takes in specks of the picture far off its ends', () => {
  /**
   * Red outlined captions over a mosaic of faces with printed figures (caption families seed 22457, clip 17): the crop's
   * wide margins took in bright specks of the picture a few lines off the caption's ends, and Tesseract, judging its
   * word spaces by those gaps, read "HOLA A TODOS" as "HOLAATODOS".
   */
  it('reads the words apart', async () => {
    const look =
      'fontfile=/usr/share/fonts/truetype/dejavu/DejaVuSerifCondensed-Bold.ttf:fontcolor=0xff4040:borderw=7:bordercolor=black:' +
      'fontsize=69:x=(w-text_w)/2:y=721';
    const captions = await readCaptionClip(
      stillPhoto(PHOTOS.mosaic.file),
      [...shotFilters({ seconds: 3, photo: 'mosaic' }, 720, 1280), timedCaption(look, 'HOLA A TODOS', 0.1, 1.499), 'format=yuv420p'].join(
        ',',
      ),
    );
    assert.deepEqual(
      captions.map((c) => c.text),
      ['HOLA A TODOS'],
    );
  });
});
