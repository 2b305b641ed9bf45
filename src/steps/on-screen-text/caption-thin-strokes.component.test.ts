import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readCaptionClip } from '../../../test/support/caption-still.js';

/**
 * Light letters on the picture are opened by a pixel before they are kept, to take the picture's specks and hairlines
 * off, and a serif font's bars and feet, 2 px high at the crop's zoom, went with them: caption families seed 57387,
 * clip 23 (two lines of white DejaVu Serif over ffmpeg's rgbtestsrc) was read "Bread Lyery Morning" and "esh Bread Ev",
 * the F's and E's bars gone. A shape of which the opening kept one stem is now kept whole where it reaches no further
 * past that stem than a letter's bars and feet do (opened-letters.ts).
 */
describe('ocr of light serif letters whose bars are thinner than the opening', () => {
  it('reads the F and the E of two white serif lines', async () => {
    const look = 'fontfile=/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf:fontsize=41:fontcolor=white:x=(w-text_w)/2';
    const captions = await readCaptionClip(
      ['-f', 'lavfi', '-t', '3', '-i', 'rgbtestsrc=s=720x1280:r=25'],
      `setsar=1,drawtext=${look}:y=572:text='Fresh Bread Every Morning',drawtext=${look}:y=644:text='Meet The New Team',format=yuv420p`,
    );
    assert.deepEqual(
      captions.map((c) => c.text),
      ['Fresh Bread Every Morning', 'Meet The New Team'],
    );
  });
});
