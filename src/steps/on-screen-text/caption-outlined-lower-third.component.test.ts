import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { familyFrame, readCaptionClip, stillPhoto } from '../../../test/support/caption-still.js';
import { PHOTOS } from '../../../test/support/reel-clips.js';

const FONT = '/usr/share/fonts/truetype/freefont/FreeSerifBold.ttf';

/** Lower thirds in white outlined in black, whose thin strokes the analysis size loses in part. Sampled as the service samples. */
describe('ocr of an outlined lower third', () => {
  it('reads the name and the title in a thin serif', async () => {
    // A caption family of seed 15383, on a blue picture: at the analysis size its strokes stand out of the blue only in
    // pieces of a pixel or two, and the name on its first line was not read at all, only the smaller title under it.
    const look = `fontfile=${FONT}:fontcolor=white:borderw=3:bordercolor=black:x=77:enable='between(t,0.2,2.799)'`;
    const captions = await readCaptionClip(
      ['-f', 'lavfi', '-t', '3', '-i', 'color=c=0x2050a0:s=1280x720:r=25'],
      `drawtext=${look}:fontsize=34:y=507:text='Maria Rossi',drawtext=${look}:fontsize=27:y=553:text='Head Chef',format=yuv420p`,
    );
    const text = captions.map((c) => c.text).join(' ');
    assert.match(text, /Maria Rossi/, JSON.stringify(captions));
    assert.match(text, /Head Chef/, JSON.stringify(captions));
  });

  it('reads the role under a name found in pieces', async () => {
    // Caption families seed 1968, clip 3: "Lucía Gómez / Street Artist" in white DejaVu Sans Bold outlined in black
    // over the crowd photo. The name was found as two pieces ("Lu", "Gómez"), each too short to be looked beside, and
    // its line is its small letters' height, so the role's capitals were taller than a line beside may be and reached
    // past the band looked at: the role was never read.
    const font = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';
    const look = `fontfile=${font}:fontcolor=white:bordercolor=black:x=43:enable='between(t,0.2,2.799)'`;
    const captions = await readCaptionClip(
      stillPhoto(PHOTOS.crowd.file),
      [
        familyFrame(PHOTOS.crowd.region),
        `drawtext=${look}:borderw=3:fontsize=27:y=984:text='Lucía Gómez'`,
        `drawtext=${look}:borderw=2:fontsize=22:y=1020:text='Street Artist'`,
        'format=yuv420p',
      ].join(','),
    );
    const text = captions.map((c) => c.text).join(' ');
    assert.match(text, /Lucía Gómez/, JSON.stringify(captions));
    assert.match(text, /Street Artist/, JSON.stringify(captions));
  });
});
