import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readCaptionClip } from '../../../test/support/caption-still.js';

/**
 * Black letters outlined in white over colour bars (caption families seed 11873, clip 20, drawn as the families draw
 * it): the bars are mid-grey, so the white outline stands out of them whole and the line is found by its contrast as
 * light text. Its crop took the outline for the letters and Tesseract read the hollow rings ("tresjiponmeyide)"), so
 * nothing was reported. The outline's closed rings are now read for the letters inside them, as they are on a line
 * found by its brightness (ring-letters.ts).
 */
describe('ocr of black letters outlined in white over colour bars', () => {
  it('reads both lines', async () => {
    const look =
      'fontfile=/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf:fontsize=69:fontcolor=black:borderw=7:bordercolor=white:x=(w-text_w)/2';
    const lines = [`drawtext=${look}:text='très bonne idée':y=99`, `drawtext=${look}:text='le meilleur café':y=192`];
    const captions = await readCaptionClip(
      ['-f', 'lavfi', '-t', '1', '-i', 'smptebars=s=1280x720:r=25'],
      `setsar=1,${lines.join(',')},format=yuv420p`,
    );
    const text = captions.map((c) => c.text).join(' | ');
    assert.match(text, /très bonne idée/, text);
    assert.match(text, /le meilleur café/, text);
  });
});
