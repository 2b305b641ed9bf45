import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readCaptionClip } from '../../../test/support/caption-still.js';

const FONTS = '/usr/share/fonts/truetype';

/**
 * Dark letters with a light outline are read from what the outlines close around, and a part shorter than a share of
 * the line is texture. The line's height also holds the descenders, the accents and the outline, so in a bold italic
 * the lower-case letters without ascenders (e, i) fell under it: "Il Segreto È Qui" was read "Il S gr to È Qu", then
 * nothing. Sampled as the service samples.
 */
describe('ocr of outlined dark letters in mixed case', () => {
  it('keeps the lower-case letters without ascenders', async () => {
    const draw = `fontfile=${FONTS}/freefont/FreeSerifBoldItalic.ttf:text='Il Segreto È Qui':fontsize=58:fontcolor=black:borderw=6:bordercolor=white:x=(w-text_w)/2:y=1040`;
    const captions = await readCaptionClip(
      ['-f', 'lavfi', '-i', 'color=c=0x000000:s=720x1280:r=25', '-t', '1.5'],
      `drawtext=${draw},format=yuv420p`,
    );
    assert.ok(
      captions.some((c) => c.text === 'Il Segreto È Qui'),
      JSON.stringify(captions),
    );
  });
});
