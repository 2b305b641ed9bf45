import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readCaptionClip, stillPhoto, timedCaption } from '../../../test/support/caption-still.js';
import { PHOTOS, shotFilters } from '../../../test/support/reel-clips.js';

describe('ocr of words the engine runs together', () => {
  /**
   * Red bold captions over a zooming mosaic of faces (caption families seed 82386, clip 25): Tesseract read "HOW WE
   * BUILT IT" as "HOWWEBUILTIT" and "BUILTIT", though its own letter boxes stand a word space apart there.
   */
  it('splits a word where its letters stand a space apart', async () => {
    const look =
      'fontfile=/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf:fontcolor=0xff4040:borderw=4:bordercolor=black:' +
      'fontsize=41:x=(w-text_w)/2:y=363';
    const captions = await readCaptionClip(
      stillPhoto(PHOTOS.mosaic.file),
      [
        ...shotFilters({ seconds: 3, photo: 'mosaic', motion: 'zoom' }, 1280, 720),
        timedCaption(look, 'HOW WE BUILT IT', 0.1, 1.499),
        timedCaption(look, 'THIS CHANGED MY LIFE', 1.6, 2.899),
        'format=yuv420p',
      ].join(','),
    );
    const first = captions.find((c) => c.start < 1.5);
    assert.equal(first?.text, 'HOW WE BUILT IT', JSON.stringify(captions));
  });
});
