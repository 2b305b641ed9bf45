import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readCaptionClip, timedCaption } from '../../../test/support/caption-still.js';
import { ENGINES_DEFAULTS } from '../../engines/engines.config.js';
import { HunspellSpellCheck } from '../../engines/spelling/hunspell-spell-check.js';

/**
 * A mark misread (issue 39, caption families seed 28587, clip 29): green Portuguese pops on a dark box, of which the
 * Latin-script model reads "não" as "nåo" (at 0.97), mended by the dictionaries the service checks captions against.
 */
describe('ocr of captions whose mark Tesseract misreads', () => {
  const font = '/usr/share/fonts/truetype/liberation/LiberationMono-BoldItalic.ttf';
  const look = `fontfile=${font}:fontsize=95:fontcolor=0x80ff60:box=1:boxcolor=0x202020:boxborderw=20:x=(w-text_w)/2:y=h*0.3`;
  const input = ['-f', 'lavfi', '-i', 'color=c=0x203040:s=720x1280:d=3:r=25'];
  const filters = [timedCaption(look, 'não', 0, 1.5), timedCaption(look, 'perca o final', 1.5, 3)].join(',');

  it('reports the word the dictionaries know ("não"), where Tesseract alone reads "nåo"', async () => {
    const alone = await readCaptionClip(input, filters);
    assert.deepEqual(
      alone.map((c) => c.text),
      ['nåo', 'perca o final'],
      'the case this test is about: without the spell check the first caption is misread',
    );
    const spelling = new HunspellSpellCheck('hunspell', ENGINES_DEFAULTS.SPELL_DICTIONARIES.split(','));
    const checked = await readCaptionClip(input, filters, { spelling });
    assert.deepEqual(
      checked.map((c) => [c.text, c.lines.map((l) => l.text)]),
      [
        ['não', ['não']],
        ['perca o final', ['perca o final']],
      ],
    );
  });
});
