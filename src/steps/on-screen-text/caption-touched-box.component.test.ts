import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readCaptionClip } from '../../../test/support/caption-still.js';

const FONTS = '/usr/share/fonts/truetype';

/**
 * A caption's light box touched by bright parts of the picture (a face's highlight above it, a lamp beside it) is one
 * bright shape with them, which no longer fills its bounding box: taken for the picture, only a piece of its line was
 * read by contrast ("Attendez La Fin" read as nothing over a mosaic of faces). Its core, the rows and columns the shape
 * mostly fills, is the box again. Sampled as the service samples.
 */
describe('ocr of a light box touched by bright parts of the picture', () => {
  it('reads the dark text on the box', async () => {
    const touching = ['x=560:y=313:w=60:h=30', 'x=800:y=356:w=50:h=16'].map((at) => `drawbox=${at}:color=white:t=fill`).join(',');
    const draw = `fontfile=${FONTS}/freefont/FreeMono.ttf:text='Attendez La Fin':fontsize=39:fontcolor=black:box=1:boxcolor=0xe8e8e8:boxborderw=10:x=(w-text_w)/2:y=345`;
    const captions = await readCaptionClip(
      ['-f', 'lavfi', '-i', 'color=c=0x303030:s=1280x720:r=25', '-t', '1.5'],
      `${touching},drawtext=${draw},format=yuv420p`,
    );
    assert.ok(
      captions.some((c) => c.text === 'Attendez La Fin'),
      JSON.stringify(captions),
    );
  });
});
