import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readCaptionClip, timedCaption } from '../../../test/support/caption-still.js';

const FONT = '/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf';

/**
 * Large bold pops in a colour not bright enough for the bright path (cyan over plain blue): their ink fills much of
 * the square the contrast path measures them against and raises its mean, so they stood out of it in no sample and
 * nothing was read (caption families seed 97567, clip 61).
 */
describe('ocr of large bold pops in a colour over a plain picture', () => {
  it('reads each pop', async () => {
    const look = `fontfile=${FONT}:fontsize=84:fontcolor=0x40e0ff:x=(w-text_w)/2:y=213`;
    const captions = await readCaptionClip(
      ['-f', 'lavfi', '-i', 'color=c=0x2050a0:s=720x1280:d=3'],
      [
        timedCaption(look, 'This', 0.1, 0.899),
        timedCaption(look, 'Changed', 0.9, 1.699),
        timedCaption(look, 'My', 1.7, 2.499),
        'format=yuv420p',
      ].join(','),
    );
    assert.deepEqual(
      captions.map((c) => c.text),
      ['This', 'Changed', 'My'],
      JSON.stringify(captions),
    );
  });
});
