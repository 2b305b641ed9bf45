import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { readCaptionClip, stillPhoto } from '../../../test/support/caption-still.js';

const SCREENSHOT = path.resolve('node_modules/@vladmandic/human/assets/screenshot-vrm.jpg');
const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSerif-BoldItalic.ttf';

/**
 * A lower-case line is found at the height of its small letters, and its crop's margins hold most ascenders and
 * descenders but not all: caption families seed 57387, clip 31 (two lines of green bold italic serif with a drop
 * shadow over a dark screenshot) was read "melhor ca é da cidade" and "essoal". The italic f reaches past both
 * margins and the p past the bottom one, and a shape the crop's edge cuts is dropped as the picture's; one cut letter
 * alone does not tell the crop to grow, as two do, since the picture's shapes are cut as often. The crop now grows for
 * one, and keeps the grown crop only where it holds more whole letters.
 */
describe('ocr of a line whose one letter reaches past its crop', () => {
  it('reads the italic f and the descender of two lower-case lines', async () => {
    const look = `fontfile=${FONT}:fontsize=58:fontcolor=0x80ff60:shadowx=4:shadowy=4:shadowcolor=black@0.75:x=(w-text_w)/2`;
    const captions = await readCaptionClip(
      stillPhoto(SCREENSHOT),
      'setsar=1,scale=1664:936:force_original_aspect_ratio=increase,crop=1664:936,crop=1280:720,' +
        `drawtext=${look}:y=521:text='melhor café da cidade',drawtext=${look}:y=599:text='olá pessoal',format=yuv420p`,
    );
    assert.deepEqual(
      captions.map((c) => c.text),
      ['melhor café da cidade', 'olá pessoal'],
    );
  });
});
