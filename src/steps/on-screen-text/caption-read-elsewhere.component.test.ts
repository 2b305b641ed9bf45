import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { familyFrame, readCaptionClip, stillPhoto, timedCaption } from '../../../test/support/caption-still.js';
import { PHOTOS } from '../../../test/support/reel-clips.js';
import { ENGINES_DEFAULTS } from '../../engines/engines.config.js';
import { HunspellSpellCheck } from '../../engines/spelling/hunspell-spell-check.js';

/**
 * A lower third in small yellow serif letters over a crowd the camera pans across (caption families seed 1968, clip 75,
 * drawn and framed as the families draw it). Each sample reads the role otherwise ("Data Scien", "Data Scientst",
 * "Datit Scientist"), and the vote took "Data Scientst", which no dictionary knows and no letter the engine weighed in it
 * mends. A word so misread is mended by the word another reading of the caption read in its place (known-marks.ts).
 */
describe('ocr of a caption word misread in the reading the vote chose', () => {
  it('reads it as another reading of the caption read it', async () => {
    const pan = familyFrame(PHOTOS.crowd.region, false, '1280x720').replace(
      /crop=1280:720$/,
      "crop=1280:720:x='(iw-ow)*t/3':y='(ih-oh)/2'",
    );
    const look = (size: number, top: number) =>
      `fontfile=/usr/share/fonts/truetype/freefont/FreeSerif.ttf:fontsize=${size}:fontcolor=0xffe000:x=77:y=${top}`;
    const captions = await readCaptionClip(
      stillPhoto(PHOTOS.crowd.file),
      `${pan},fps=25,${timedCaption(look(38, 517), 'Pierre Martin', 0.2, 2.799)},${timedCaption(look(30, 568), 'Data Scientist', 0.2, 2.799)},format=yuv420p`,
      { spelling: new HunspellSpellCheck('hunspell', ENGINES_DEFAULTS.SPELL_DICTIONARIES.split(',')) },
    );
    const words = captions.flatMap((c) => c.text.split(/\s+/));
    assert.ok(words.includes('Scientist'), JSON.stringify(captions.map((c) => c.text)));
  });
});
