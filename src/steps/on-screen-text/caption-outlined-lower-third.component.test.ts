import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readCaptionClip } from '../../../test/support/caption-still.js';

const FONT = '/usr/share/fonts/truetype/freefont/FreeSerifBold.ttf';

/**
 * A lower third in a thin white serif outlined in black on a blue picture (a caption family of seed 15383): at the
 * analysis size its strokes stand out of the blue only in pieces of a pixel or two, and the name on its first line
 * was not read at all, only the smaller title under it. Sampled as the service samples.
 */
describe('ocr of an outlined serif lower third', () => {
  it('reads the name and the title', async () => {
    const look = `fontfile=${FONT}:fontcolor=white:borderw=3:bordercolor=black:x=77:enable='between(t,0.2,2.799)'`;
    const captions = await readCaptionClip(
      ['-f', 'lavfi', '-t', '3', '-i', 'color=c=0x2050a0:s=1280x720:r=25'],
      `drawtext=${look}:fontsize=34:y=507:text='Maria Rossi',drawtext=${look}:fontsize=27:y=553:text='Head Chef',format=yuv420p`,
    );
    const text = captions.map((c) => c.text).join(' ');
    assert.match(text, /Maria Rossi/, JSON.stringify(captions));
    assert.match(text, /Head Chef/, JSON.stringify(captions));
  });
});
