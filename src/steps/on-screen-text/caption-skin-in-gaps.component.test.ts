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
});
