import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readCaptionClip } from '../../../test/support/caption-still.js';

/**
 * Caption families seed 62773, clip 1: a light green outlined line on black, encoded by x264, is found in three pieces
 * ("BE", "O" and "EE IN TOWN"), and each piece's crop grows over most of the line: "BEST COF", "BEST COFFEE IN TOW",
 * "EST COFFEE IN TOWN". The fullest reading alone lost the N; the readings are joined where one ends as the other starts.
 */
describe('ocr of a line found in pieces that each read most of it', () => {
  it('joins the readings into the whole line', async () => {
    const text = `drawtext=fontfile=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf:text='BEST COFFEE IN TOWN':fontsize=41:fontcolor=0x80ff60:borderw=4:bordercolor=black:x=(w-text_w)/2:y=630`;
    const captions = await readCaptionClip(['-f', 'lavfi', '-i', 'color=c=black:s=720x1280:r=25', '-t', '1'], `${text},format=yuv420p`);
    assert.deepEqual(
      captions.map((c) => c.text),
      ['BEST COFFEE IN TOWN'],
    );
  });
});
