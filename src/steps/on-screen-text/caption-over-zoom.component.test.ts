import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readCaptionClip, stillPhoto, timedCaption } from '../../../test/support/caption-still.js';
import { PHOTOS } from '../../../test/support/reel-clips.js';

/**
 * A caption of two lines laid over a slow zoom into a mosaic of faces (caption families seed 77231, clip 15, drawn and
 * framed as the families draw it). The caption stays put, but the region the finder saw in each sample took in a part
 * of the picture beside it, which the zoom moves (its left edge from x 25 to 85 in six samples): judged by the regions'
 * boxes, the words moved, and the caption was dropped as text of the scene. Its words are now placed where they were read.
 */
describe('ocr of a caption over a zooming picture', () => {
  it('reports the caption, which stays where it is laid', async () => {
    const [x, y, w, h] = PHOTOS.mosaic.region;
    const zoom = "scale=w='trunc(720*(1.05+0.25*t/3)/2)*2':h=-2:eval=frame,crop=720:1280";
    const frame = `crop=${w}:${h}:${x}:${y},setsar=1,scale=936:1664:force_original_aspect_ratio=increase,crop=936:1664,${zoom},fps=25`;
    const look = (top: number) =>
      `fontfile=/usr/share/fonts/truetype/freefont/FreeSansOblique.ttf:fontsize=48:fontcolor=0xffe000:borderw=5:bordercolor=black:x=(w-text_w)/2:y=${top}`;
    const captions = await readCaptionClip(
      stillPhoto(PHOTOS.mosaic.file),
      `${frame},${timedCaption(look(1054), 'hola a todos', 0.2, 2.799)},${timedCaption(look(1119), 'tres pasos fáciles', 0.2, 2.799)},format=yuv420p`,
    );
    const words = captions.flatMap((c) => c.text.split(/\s+/));
    for (const word of ['hola', 'todos', 'tres', 'pasos'])
      assert.ok(words.includes(word), `${word} in ${JSON.stringify(captions.map((c) => c.text))}`);
  });
});
