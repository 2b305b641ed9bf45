import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { familyFrame, readCaptionClip, readCaptionStill, stillPhoto, timedCaption } from '../../../test/support/caption-still.js';

const PORTRAIT = path.resolve('test-artifacts/photos/grace_hopper.jpg');
const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed-Bold.ttf';
const REGULAR = '/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed.ttf';
const OBLIQUE = '/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed-Oblique.ttf';
const SERIF_ITALIC = '/usr/share/fonts/truetype/dejavu/DejaVuSerif-Italic.ttf';
/** The portrait framed and brightened as the caption families' "shadow bright" draws it. */
const BRIGHT_PORTRAIT = familyFrame(null, true);

/**
 * Text with a drop shadow over a photo brightened as the caption families' "shadow bright" draws it (issue 39): the
 * face is as light as the letters. White letters: split by brightness only the shadow was dark, and its slivers were
 * read as dark text ("cnanyed mat tne naw"); thin ones running from the dark cap onto the face (99099#22) were keyed
 * by their colour together with the face at the crop's own split, and nothing was read. Yellow letters on a landscape
 * frame: the light face was taken for one light box and read whole, the caption lost among the face's marks.
 */
describe('ocr of a caption with a drop shadow over a bright photo', () => {
  it('reads white letters by the shadow beside them', async () => {
    const captions = await readOverBrightPortrait('720x1280', 'this changed my life', 'white', 53, 'h*0.55');
    assert.deepEqual(captions, ['this changed my life']);
  });

  it('reads thin white letters running from a dark cap onto the face', async () => {
    // The caption families' recipe: the photo scaled 1.3 times, brightened, its middle kept; sampled as the service samples.
    const look = `fontfile=${REGULAR}:fontsize=50:fontcolor=white:shadowx=4:shadowy=4:shadowcolor=black@0.75`;
    const captions = await readCaptionClip(
      stillPhoto(PORTRAIT),
      `${BRIGHT_PORTRAIT},drawtext=${look}:x=(w-text_w)/2:y=166:text='FOLLOW FOR PART TWO',format=yuv420p`,
    );
    assert.deepEqual(
      captions.map((c) => c.text),
      ['FOLLOW FOR PART TWO'],
    );
  });

  it('reads small white oblique letters over the face, by their shadow', async () => {
    // Caption families seed 31415, clip 14: the face behind the letters nearly as white as they are. The letters' colour
    // was taken from the face beside the shadow, so the "letters" were the face around them, and nothing was read.
    const look = `fontfile=${OBLIQUE}:fontsize=37:fontcolor=white:shadowx=3:shadowy=3:shadowcolor=black@0.75`;
    const captions = await readCaptionClip(
      stillPhoto(PORTRAIT),
      `${BRIGHT_PORTRAIT},drawtext=${look}:x=(w-text_w)/2:y=254:text='Follow For Part Two',format=yuv420p`,
    );
    const words = captions.flatMap((c) => c.text.split(/\s+/));
    for (const word of ['For', 'Part', 'Two']) assert.ok(words.includes(word), `${word} in ${JSON.stringify(captions.map((c) => c.text))}`);
  });

  it('reads white serif italics over a pale collar and chin, by the shadow each letter casts', async () => {
    // Caption families seed 5959, clip 14: the bowls of the O's over the chin are darker than the letters, so the dark
    // ink was more than the shadow, and the shadow alone was read ("P@ 4 TO", "ATT NDEZLA IN"); where the letters were
    // found, the pale collar joined the E and the F and took them out as shapes taller than a letter.
    const look = `fontfile=${SERIF_ITALIC}:fontsize=71:fontcolor=white:shadowx=5:shadowy=5:shadowcolor=black@0.75:x=(w-text_w)/2:y=542`;
    const captions = await readCaptionClip(
      stillPhoto(PORTRAIT),
      `${familyFrame(null, true, '1280x720')},${timedCaption(look, 'BONJOUR À TOUS', 0.1, 1.5)},${timedCaption(look, 'ATTENDEZ LA FIN', 1.6, 2.9)},format=yuv420p`,
    );
    // The grave accent runs along the shadow's offset, farther from its shadow than a stroke's width: it may be lost.
    assert.deepEqual(
      captions.map((c) => c.text.replace('À', 'A')),
      ['BONJOUR A TOUS', 'ATTENDEZ LA FIN'],
    );
  });

  it('reads white serif capitals under a dark cap, whose shadow the pale face beyond it would point the wrong way', async () => {
    // Caption families seed 79972, clip 70: the face below the line is as even as the letters, so the offset whose
    // pixels before the shadow spread least pointed up and to the left, from the face onto the shadow, and the shadow
    // alone was read ("ẹP; ajJjLueo I."). The letters are those the shadow is cast by.
    const look = (size: number, shadow: number) =>
      `fontfile=/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf:fontsize=${size}:fontcolor=white:shadowx=${shadow}:shadowy=${shadow}:shadowcolor=black@0.75:x=(w-text_w)/2:y=176`;
    const captions = await readCaptionClip(
      stillPhoto(PORTRAIT),
      `${BRIGHT_PORTRAIT},fps=25,${timedCaption(look(38, 3), 'HOW WE BUILT IT', 0.1, 1.499)},${timedCaption(look(34, 2), 'FRESH BREAD EVERY MORNING', 1.6, 2.899)},format=yuv420p`,
    );
    const words = captions.flatMap((c) => c.text.split(/\s+/));
    for (const word of ['HOW', 'WE']) assert.ok(words.includes(word), `${word} in ${JSON.stringify(captions.map((c) => c.text))}`);
  });

  it('reads yellow letters over a light face on a landscape frame', async () => {
    const captions = await readOverBrightPortrait('1280x720', 'WAIT FOR THE END', '0xffe000', 37, 'h*0.465');
    assert.deepEqual(captions, ['WAIT FOR THE END']);
  });
});

/** The ocr step's captions of the portrait brightened, with `text` in `colour` and a drop shadow drawn over it. */
async function readOverBrightPortrait(size: string, text: string, colour: string, fontSize: number, y: string): Promise<string[]> {
  const shadow = Math.max(2, Math.round(fontSize / 14));
  const { captions } = await readCaptionStill({
    size,
    photo: PORTRAIT,
    font: FONT,
    background: 'eq=brightness=0.35:contrast=0.6,',
    text,
    y,
    look: `fontsize=${fontSize}:fontcolor=${colour}:shadowx=${shadow}:shadowy=${shadow}:shadowcolor=black@0.75`,
  });
  return captions.map((c) => c.text);
}
