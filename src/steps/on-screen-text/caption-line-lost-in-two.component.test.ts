import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { familyFrame, readCaptionClip, stillPhoto, timedCaption } from '../../../test/support/caption-still.js';

/**
 * A lower third of two lines in green bold italic with a drop shadow over a portrait (caption families seed 1968, clip
 * 11, drawn and framed as the families draw it). "Mart" of "Pierre Martin" lies over the flag's pale stripe: keyed by
 * the letters' green it was lost, split by brightness it was whole. The crop took the key, as it showed as much of the
 * line as the split: counted on the second line, "DATA SCIENTIST", which covers the same columns. Each line is now
 * counted (line-beyond-crop.ts lineCover), and the name is read whole.
 */
describe('ocr of a two-line caption whose first line one way of cutting loses in part', () => {
  it('reads both lines whole', async () => {
    const look = (size: number, top: number) =>
      `fontfile=/usr/share/fonts/truetype/dejavu/DejaVuSans-BoldOblique.ttf:fontsize=${size}:fontcolor=0x80ff60:shadowx=2:shadowy=2:shadowcolor=black@0.75:x=77:y=${top}`;
    const captions = await readCaptionClip(
      stillPhoto(path.resolve('test-artifacts/photos/grace_hopper.jpg')),
      `${familyFrame(null, false, '1280x720')},fps=25,${timedCaption(look(34, 516), 'Pierre Martin', 0.2, 2.799)},${timedCaption(look(27, 562), 'DATA SCIENTIST', 0.2, 2.799)},format=yuv420p`,
    );
    const words = captions.flatMap((c) => c.text.split(/\s+/));
    for (const word of ['Pierre', 'Martin', 'DATA', 'SCIENTIST'])
      assert.ok(words.includes(word), JSON.stringify(captions.map((c) => c.text)));
  });
});
