import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { familyFrame, readCaptionClip, stillPhoto, timedCaption } from '../../../test/support/caption-still.js';
import { PHOTOS } from '../../../test/support/reel-clips.js';

/**
 * Yellow capitals outlined in black across a face (caption families seed 11873, clip 25, drawn and framed as the
 * families draw it). Keyed by their colour, the letters came with specks of skin near that yellow in the spaces
 * between the words, which read as marks joining them ("TRES‘BONNEʻIDÉE' &Æ"), and neither caption was reported. A
 * letter has a core of its own colour; a small speck of the picture rarely has one.
 */
describe('ocr of yellow outlined letters over a face', () => {
  it('reads both captions, without the skin between the words', async () => {
    const frame = familyFrame(PHOTOS.portrait.region);
    const look =
      'fontfile=/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf:fontsize=43:fontcolor=0xffe000:borderw=4:bordercolor=black:x=(w-text_w)/2:y=663';
    const captions = await readCaptionClip(
      stillPhoto(PHOTOS.portrait.file),
      `${frame},${timedCaption(look, 'TRÈS BONNE IDÉE', 0.1, 1.499)},${timedCaption(look, 'BONJOUR À TOUS', 1.6, 2.899)},format=yuv420p`,
    );
    const words = captions.flatMap((c) => c.text.split(/\s+/));
    for (const word of ['BONNE', 'IDÉE', 'BONJOUR', 'TOUS'])
      assert.ok(words.includes(word), `${word} in ${JSON.stringify(captions.map((c) => c.text))}`);
  });

  it('reads both captions where skin as tall as the letters fills a word space', async () => {
    // Caption families seed 79972, clip 25: FreeMono Bold's spaces are a letter wide, and skin keyed with the yellow
    // letters filled two of them, too tall and heavy for a speck: "FRESH BREAD EVERY#MORNING", and "FOLLOWĉFOR" read at a
    // confidence of 0 ("PART TWO" alone). The letters are outlined and the skin is not, and it is darker than they are.
    const look =
      'fontfile=/usr/share/fonts/truetype/freefont/FreeMonoBold.ttf:fontsize=43:fontcolor=0xffe000:borderw=4:bordercolor=black:x=(w-text_w)/2:y=690';
    const captions = await readCaptionClip(
      stillPhoto(PHOTOS.portrait.file),
      `${familyFrame(PHOTOS.portrait.region)},${timedCaption(look, 'FRESH BREAD EVERY MORNING', 0.1, 1.499)},${timedCaption(look, 'FOLLOW FOR PART TWO', 1.6, 2.899)},format=yuv420p`,
    );
    assert.deepEqual(
      captions.map((c) => c.text),
      ['FRESH BREAD EVERY MORNING', 'FOLLOW FOR PART TWO'],
    );
  });
});
