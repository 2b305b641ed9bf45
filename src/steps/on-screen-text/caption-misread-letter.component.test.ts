import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readCaptionClip } from '../../../test/support/caption-still.js';
import { ENGINES_DEFAULTS } from '../../engines/engines.config.js';
import { HunspellSpellCheck } from '../../engines/spelling/hunspell-spell-check.js';

/**
 * A lower third in small green serif letters over smptebars (caption families seed 1968, clip 19): Tesseract reads the
 * role "Street Arlist" in every sample, the t of "Artist" taken for an l, though it weighed a t there too. A word no
 * dictionary knows is mended by the letter the engine weighed next, where that makes a word (known-marks.ts).
 */
describe('ocr of a caption word with one letter misread', () => {
  it('reads it by the letter the engine weighed next', async () => {
    const font = '/usr/share/fonts/truetype/freefont/FreeSerif.ttf';
    const line = (text: string, size: number, y: number) =>
      `drawtext=fontfile=${font}:text='${text}':fontsize=${size}:fontcolor=0x80ff60:x=43:y=${y}:enable='between(t,0.2,2.799)'`;
    const captions = await readCaptionClip(
      ['-f', 'lavfi', '-i', 'smptebars=size=720x1280:rate=25:duration=3'],
      [line('Lucía Gómez', 29, 963), line('Street Artist', 23, 1002), 'format=yuv420p'].join(','),
      { spelling: new HunspellSpellCheck('hunspell', ENGINES_DEFAULTS.SPELL_DICTIONARIES.split(',')) },
    );
    assert.ok(
      captions.some((c) => c.text === 'Street Artist'),
      JSON.stringify(captions.map((c) => c.text)),
    );
  });
});
