import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { familyFrame, readCaptionClip, stillPhoto, timedCaption } from '../../../test/support/caption-still.js';
import { PHOTOS } from '../../../test/support/reel-clips.js';

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

  it('reads a line found whole once, not also a piece of it found inside it', async () => {
    // Caption families seed 16371, clip 14: white serif capitals with a drop shadow over the brightened portrait. The
    // second caption's shadow was found whole and, inside it, as the row of its middle words, and both were read:
    // "BEST IN TOWN" and beside it "BEOT INI", a caption of its own.
    const look =
      'fontfile=/usr/share/fonts/truetype/liberation/LiberationSerif-Regular.ttf:fontsize=67:fontcolor=white:shadowx=5:shadowy=5:shadowcolor=black@0.75:x=(w-text_w)/2:y=82';
    const captions = await readCaptionClip(
      stillPhoto(PHOTOS.portrait.file),
      `${familyFrame(PHOTOS.portrait.region, true, '1280x720')},${timedCaption(look, 'WAIT FOR THE END', 0.1, 1.499)},${timedCaption(look, 'BEST COFFEE IN TOWN', 1.6, 2.899)},format=yuv420p`,
    );
    const second = captions.filter((c) => c.start >= 1.5);
    assert.equal(second.length, 1, JSON.stringify(captions));
  });
});
