import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { familyFrame, readCaptionClip, stillPhoto } from '../../../test/support/caption-still.js';

const PHOTO = path.resolve('node_modules/@vladmandic/human/assets/screenshot-vrm.jpg');

/** A lower third as the caption families draw it: a name and its role, left-aligned over the photo, in `look`. */
interface LowerThird {
  font: string;
  /** The frame: 1280x720 or 720x1280. */
  size: string;
  /** drawtext's colour and outline or box, given the line's font size. */
  look: (size: number) => string;
  x: number;
  lines: Array<[size: number, y: number, text: string]>;
}

/** The captions the ocr step reads in 3 s of the lower third over PHOTO (scaled to cover 1.3 times the frame, its middle kept). */
async function readLowerThird({ font, size, look, x, lines }: LowerThird): Promise<string[]> {
  const filters = [
    familyFrame(null, false, size),
    ...lines.map(([s, y, text]) => `drawtext=fontfile=${font}:text='${text}':fontsize=${s}:${look(s)}:x=${x}:y=${y}`),
    'format=yuv420p',
  ].join(',');
  return (await readCaptionClip(stillPhoto(PHOTO), filters)).map((c) => c.text);
}

/** Red letters outlined in black as the families draw them, shown from 0.2 s (their samples after the first keyframe). */
const redOutlined = (s: number) => `fontcolor=0xff4040:borderw=${Math.max(2, Math.round(s / 10))}:bordercolor=black:enable='gte(t,0.2)'`;

/**
 * A lower third's capitals, taller than the line its region was found at. Issue 39, caption families seed 28587, clip 3:
 * one region holds the name and its smaller role, measured by the role's letters, and the name's capitals, taller than
 * that line and than the name's own small letters, were dropped from the crop ("ierre artin"). A shape standing on its
 * row's baseline, at most 1.5 of that row's small letters tall, is a capital; so is a taller one standing there whose top
 * another such shape shares (a cap line), and a shape whose top two capitals or ascenders share, down to the baseline
 * or a descender's depth below it.
 */
describe('ocr of a lower third whose name is larger than its role', () => {
  it("keeps the name's capitals", async () => {
    const captions = await readLowerThird({
      font: '/usr/share/fonts/truetype/dejavu/DejaVuSerif-Italic.ttf',
      size: '1280x720',
      look: (s) => `fontcolor=0xffe000:box=1:boxcolor=black@0.65:boxborderw=${Math.round(s / 4)}`,
      x: 77,
      lines: [
        [36, 558, 'Pierre Martin'],
        [29, 607, 'Data Scientist'],
      ],
    });
    assert.deepEqual(captions, ['Pierre Martin Data Scientist']);
  });

  it('keeps capitals and ascenders more than 1.5 of the small letters tall where they share a cap line', async () => {
    // Seed 50716, clip 115: the role "Founder and CEO" in red FreeSerif Italic read "OUNC EF ANC" in every sample but
    // the first (drawn from the first frame, its sharper keyframe, every sample kept the capitals): its line was found at
    // its small letters' height, and the F, d, C, E and O, 80 px in crops where the small letters measured 52 (1.54
    // times), were dropped as taller than a capital.
    const captions = await readLowerThird({
      font: '/usr/share/fonts/truetype/freefont/FreeSerifItalic.ttf',
      size: '1280x720',
      look: redOutlined,
      x: 77,
      lines: [
        [38, 524, 'David Chen'],
        [30, 575, 'Founder and CEO'],
      ],
    });
    assert.deepEqual(captions, ['David Chen', 'Founder and CEO']);
  });

  it('keeps a capital J that descends below a row with no other descender', async () => {
    // Seed 29052, clip 19: "João Silva" in red DejaVu Sans Condensed Bold read "oão Silva": the J, hanging from the S's
    // and l's top to below the baseline, was dropped as a shape reaching past the letters' rows. (Its tilde is not asked
    // for here: the crop's is read or not.)
    const captions = await readLowerThird({
      font: '/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed-Bold.ttf',
      size: '720x1280',
      look: redOutlined,
      x: 43,
      lines: [
        [31, 953, 'João Silva'],
        [25, 995, 'PRODUCT DESIGNER'],
      ],
    });
    assert.match(captions.join(' | '), /^Jo[aã]o Silva PRODUCT DESIGNER$/);
  });
});
