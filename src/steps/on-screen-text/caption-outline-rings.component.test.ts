import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { familyFrame, readCaptionClip, stillPhoto, timedCaption } from '../../../test/support/caption-still.js';
import { PHOTOS } from '../../../test/support/reel-clips.js';

/**
 * Thin white serif letters outlined in black over a bright, blurred photo (caption families seed 13579, clip 10, drawn
 * and framed as the families draw it). The line stood out as dark letters outlined in light, the roles the other way
 * round, and the crop kept the black outline: closed rings around each letter, read as "Followg oyparitwo)", and
 * nothing was reported. Dark ink that is rings closing around letters holds the text inside them, as light rings do.
 */
describe('ocr of light letters whose dark outline was taken for the letters', () => {
  it('reads what the dark rings close around', async () => {
    const frame = familyFrame(PHOTOS.party.region);
    const look =
      'fontfile=/usr/share/fonts/truetype/liberation/LiberationSerif-Regular.ttf:fontsize=33:fontcolor=white:borderw=3:bordercolor=black:x=(w-text_w)/2:y=1059';
    const captions = await readCaptionClip(
      stillPhoto(PHOTOS.party.file),
      `${frame},${timedCaption(look, 'follow for part two', 0.1, 1.499)},format=yuv420p`,
    );
    const words = captions.flatMap((c) => c.text.split(/\s+/));
    for (const word of ['follow', 'part', 'two'])
      assert.ok(words.includes(word), `${word} in ${JSON.stringify(captions.map((c) => c.text))}`);
  });
});
