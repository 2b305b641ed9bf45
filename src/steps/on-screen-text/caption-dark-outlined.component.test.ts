import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { familyFrame, readCaptionClip, stillPhoto, timedCaption } from '../../../test/support/caption-still.js';
import { PHOTOS } from '../../../test/support/reel-clips.js';

const SCREENSHOT_VRM = path.resolve('node_modules/@vladmandic/human/assets/screenshot-vrm.jpg');

/**
 * Black letters with a white outline over a dark jacket (caption families seed 70117, clip 18, framed as the families
 * frame the portrait): the line is found by contrast in pieces that miss the oblique F and the last letters, and its
 * crop, cut as a light box's is, never grew past them ("ollow For Part Tw"). Dark letters without a box of their own
 * are on the picture: their crop grows along the line as light text's does.
 */
describe('ocr of dark outlined letters on the picture', () => {
  it('reads the line whole', async () => {
    const frame = 'crop=512:512:0:0,setsar=1,scale=936:1664,crop=720:1280';
    const text = `drawtext=fontfile=/usr/share/fonts/truetype/dejavu/DejaVuSans-BoldOblique.ttf:text='Follow For Part Two':fontsize=44:fontcolor=black:borderw=4:bordercolor=white:x=(w-text_w)/2:y=1110`;
    const captions = await readCaptionClip(stillPhoto(PHOTOS.portrait.file, 1), `${frame},${text},format=yuv420p`);
    assert.deepEqual(
      captions.map((c) => c.text),
      ['Follow For Part Two'],
    );
  });

  it('reads black capitals whose white outline runs into the bright crowd beyond the crop', async () => {
    // Caption families seed 97397, clip 4: the letters' outline, joined to bright parts of the crowd above and below
    // the line, was one shape from the crop's top to its bottom, dropped as picture; only the rings inside the O's and
    // the R's were left, and the first caption was not read at all.
    const look =
      'fontfile=/usr/share/fonts/truetype/freefont/FreeSansBoldOblique.ttf:fontsize=58:fontcolor=black:borderw=6:bordercolor=white:x=(w-text_w)/2:y=167';
    const captions = await readCaptionClip(
      stillPhoto(PHOTOS.crowd.file),
      `${familyFrame(PHOTOS.crowd.region)},${timedCaption(look, 'BUONGIORNO A TUTTI', 0.1, 1.499)},${timedCaption(look, 'IL SEGRETO È QUI', 1.6, 2.899)},format=yuv420p`,
    );
    assert.ok(
      captions.some((c) => c.text === 'BUONGIORNO A TUTTI'),
      JSON.stringify(captions),
    );
  });

  it('reads both lines of a two-line caption whose first line has two words left to find', async () => {
    // Caption families seed 29052, clip 55: the outline joins each word's letters into one shape, and "Fáciles" touches
    // the bright inset of the screenshot: "Tres" and "Pasos" were two shapes, no line of three, and only the second line
    // was read.
    const look =
      'fontfile=/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf:fontsize=45:fontcolor=black:borderw=5:bordercolor=white:x=(w-text_w)/2';
    const captions = await readCaptionClip(
      stillPhoto(SCREENSHOT_VRM, 2),
      `${familyFrame(null)},drawtext=${look}:text='Tres Pasos Fáciles':y=130,drawtext=${look}:text='Cómo Lo Hicimos':y=191,format=yuv420p`,
    );
    assert.deepEqual(
      captions.map((c) => c.text),
      ['Tres Pasos Fáciles Cómo Lo Hicimos'],
    );
  });

  /** Caption families seed 35706, clip 60: black DejaVu Sans Condensed outlined in white, over the black screenshot. */
  const screenshotTitle = async (text: string) => {
    const look =
      'fontfile=/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed.ttf:fontsize=52:fontcolor=black:borderw=5:bordercolor=white:x=(w-text_w)/2:y=69';
    const captions = await readCaptionClip(
      stillPhoto(SCREENSHOT_VRM, 1),
      `${familyFrame(null, false, '1280x720')},drawtext=${look}:text='${text}',format=yuv420p`,
    );
    return captions.map((c) => c.text);
  };

  it('reads a C whose outline closes its mouth over a picture as dark as the letters', async () => {
    // The white outline of each C closes its mouth, so the C's bowl is inside the outline's ring as a letter is, and
    // over the black screenshot it is the letters' colour: "Melhor @afé Da @idade".
    assert.deepEqual(await screenshotTitle('Melhor Café Da Cidade'), ['Melhor Café Da Cidade']);
  });

  it("reads a descender whose outline runs into the picture's light part with the rest of the word", async () => {
    // The outline of "Viagem" touches the screenshot's inset, so the crop's edges cut that shape and it was clipped to
    // the line's rows; the g's outline below them went, its ring opened, and the g was lost ("Via em").
    assert.deepEqual(await screenshotTitle('Dicas De Viagem'), ['Dicas De Viagem']);
  });
});
