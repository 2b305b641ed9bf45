import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readCaptionClip, timedCaption } from '../../../test/support/caption-still.js';

const FONTS = '/usr/share/fonts/truetype/freefont';

/**
 * Small lower thirds in thin letters (caption families seed 4242): at the analysis size their strokes are thinner than a
 * pixel, so they blur away or break into specks, and nothing (or only one of the two lines) was found; the frame is
 * looked at again at twice the size.
 */
describe('ocr of a small lower third in thin letters', () => {
  it('reads a thin monospaced name and role on dark boxes over a plain picture (clip 171)', async () => {
    const look = (size: number, border: number) =>
      `fontfile=${FONTS}/FreeMono.ttf:fontsize=${size}:fontcolor=0x80ff60:box=1:boxcolor=black@0.65:boxborderw=${border}:x=77`;
    const captions = await readCaptionClip(
      ['-f', 'lavfi', '-i', 'color=c=0x2050a0:s=1280x720:r=25', '-t', '3'],
      [
        timedCaption(`${look(27, 7)}:y=537`, 'Anna Schmidt', 0.2, 2.799),
        timedCaption(`${look(22, 6)}:y=573`, 'TRAVEL WRITER', 0.2, 2.799),
      ].join(','),
    );
    assert.deepEqual(
      captions.map((c) => c.text),
      ['Anna Schmidt', 'TRAVEL WRITER'],
    );
  });
});
