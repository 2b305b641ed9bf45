import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readCaptionClip, stillPhoto } from '../../../test/support/caption-still.js';
import { PHOTOS } from '../../../test/support/reel-clips.js';

/**
 * Black italic letters with a thick white outline over bare skin and dark clothes (caption families seed 53341, clip
 * 18, drawn and framed as the families draw it): the outline stands out of the picture only where the picture around
 * it is dark, so the light strokes found by contrast are pieces of it, a fifth of the line, while the black letters
 * stand out whole as a dark line. That line was dropped as the pieces' shadow, and nothing of the caption was read. Read
 * instead, it is cut as the strokes that stand out of the picture around them: at any one grey level the dark clothes
 * touch the letters ("Regeta", "Hola*A").
 */
describe('ocr of dark letters outlined in white over a light picture', () => {
  it('reads both lines', async () => {
    const { file, region } = PHOTOS.party;
    const frame = `crop=${region[2]}:${region[3]}:${region[0]}:${region[1]},setsar=1,scale=1664:936:force_original_aspect_ratio=increase,crop=1664:936,crop=1280:720`;
    const look =
      'fontfile=/usr/share/fonts/truetype/liberation/LiberationSans-Italic.ttf:fontsize=72:fontcolor=black:borderw=7:bordercolor=white';
    const lines = [
      `drawtext=${look}:text='La Mejor Receta':x=(w-text_w)/2:y=511`,
      `drawtext=${look}:text='Hola A Todos':x=(w-text_w)/2:y=608`,
    ];
    const captions = await readCaptionClip(stillPhoto(file, 1), `${frame},${lines.join(',')},format=yuv420p`);
    assert.deepEqual(
      captions.map((c) => c.text),
      ['La Mejor Receta Hola A Todos'],
    );
  });
});
