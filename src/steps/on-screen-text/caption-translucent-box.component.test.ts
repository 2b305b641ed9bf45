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

  it('keeps the letters over the part of the box a white bar shows through', async () => {
    // Caption families seed 1968, clip 2: "Attendez La Fin" in white Liberation Serif Bold on the translucent box over
    // smptebars read "ndez La Fin". Over the white bar the box is grey 89, not dark beside the crop's darkest (the box
    // over the black bars), and letters beyond the outlined ones' span were dropped as the picture's highlights. The
    // span now goes on over letters on its rows whose edge is dark against their own grey (0.45 of it).
    const look =
      'fontfile=/usr/share/fonts/truetype/liberation/LiberationSerif-Bold.ttf:fontsize=59:fontcolor=white:box=1:boxcolor=black@0.65:boxborderw=15:x=(w-text_w)/2:y=1113';
    const captions = await readCaptionClip(
      ['-f', 'lavfi', '-t', '3', '-i', 'smptebars=s=720x1280:r=25'],
      `setsar=1,${timedCaption(look, 'Attendez La Fin', 0.1, 1.5)},${timedCaption(look, 'Bonjour À Tous', 1.6, 2.9)},format=yuv420p`,
    );
    assert.deepEqual(
      captions.map((c) => c.text),
      ['Attendez La Fin', 'Bonjour À Tous'],
    );
  });
});
