import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readCaptionClip, stillPhoto, timedCaption } from '../../../test/support/caption-still.js';
import { PHOTOS } from '../../../test/support/reel-clips.js';

/**
 * White bold-italic serif letters on a translucent dark box at the bottom of a portrait, half over a white collar and
 * half over a dark suit (caption families seed 24680, clip 34, drawn and framed as the families draw it). Over the
 * collar the box is grey 90, not dark beside the crop's darkest, so the letters there had no outline: kept as letters
 * between outlined ones only within their rows, an italic f (above the t's) and a g (a pixel below the q) were dropped
 * ("pasta atta in casa", "il se reto e qui"). A letter is now on the outlined ones' rows within one line of them. The
 * i's dot and the accent of è, marks without an outline there, are still lost ("1n", "e").
 */
describe('ocr of tall letters on a translucent box over a bright picture', () => {
  it('keeps the f and the g', async () => {
    const frame = 'setsar=1,scale=936:1664:force_original_aspect_ratio=increase,crop=936:1664,crop=720:1280';
    const look =
      'fontfile=/usr/share/fonts/truetype/dejavu/DejaVuSerif-BoldItalic.ttf:fontsize=61:fontcolor=white:box=1:boxcolor=black@0.65:boxborderw=15:x=(w-text_w)/2:y=1068';
    const captions = await readCaptionClip(
      stillPhoto(PHOTOS.portrait.file),
      `${frame},${timedCaption(look, 'pasta fatta in casa', 0, 1.5)},${timedCaption(look, 'il segreto è qui', 1.6, 3)},format=yuv420p`,
    );
    const words = captions.flatMap((c) => c.text.toLowerCase().split(/\s+/));
    for (const word of ['pasta', 'fatta', 'casa', 'segreto', 'qui'])
      assert.ok(words.includes(word), `${word} in ${JSON.stringify(captions.map((c) => c.text))}`);
  });
});
