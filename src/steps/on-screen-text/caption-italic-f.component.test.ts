import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import {
  familyFrame,
  readCaptionClip,
  readCaptionStill,
  shippedOcr,
  stillPhoto,
  timedCaption,
} from '../../../test/support/caption-still.js';
import { PHOTOS } from '../../../test/support/reel-clips.js';

const ITALIC = '/usr/share/fonts/truetype/freefont/FreeSerifItalic.ttf';
const BOLD_ITALIC = '/usr/share/fonts/truetype/freefont/FreeSerifBoldItalic.ttf';

/**
 * An italic serif f reaches from the ascenders' top to below the baseline, further than any other letter of its word.
 * Caption families seed 62773, clip 24: "fresh bread every morning" in red on a dark box was read "resh bread every
 * morning"; the f, 1.35 times the line measured from the other letters, was dropped as a shape of the picture. Drawn
 * here over the helper's dark slate.
 */
describe('ocr of an italic caption whose f descends', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'italic-f-'));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('reads the f', async () => {
    const { captions } = await readCaptionStill(
      {
        size: '720x1280',
        font: ITALIC,
        text: 'fresh bread every morning',
        y: '640',
        look: 'fontsize=34:fontcolor=0xff4040:box=1:boxcolor=black@0.65:boxborderw=8',
      },
      shippedOcr(),
    );
    assert.equal(captions.map((c) => c.text).join(' | '), 'fresh bread every morning');
  });

  it('reads the f that begins a pop, cut by both ends of its crop', async () => {
    // Caption families seed 74094, clip 5: the pop "final" in a 99 px cyan FreeSerif Bold Italic outlined in black over
    // the party, read "inal". The word's line is its small letters' height, so its crop cut the f at its top and its
    // foot; the crop grows for one letter so cut only when the letter reaches within a line of the others, and the f's
    // tail runs further left than that under nothing.
    const look = `fontfile=${BOLD_ITALIC}:fontsize=99:fontcolor=0x40e0ff:borderw=10:bordercolor=black:x=(w-text_w)/2:y=237`;
    const captions = await readCaptionClip(
      stillPhoto(PHOTOS.party.file),
      `${familyFrame(PHOTOS.party.region)},${timedCaption(look, 'espera', 0.1, 0.899)},${timedCaption(look, 'el', 0.9, 1.699)},${timedCaption(look, 'final', 1.7, 2.499)},format=yuv420p`,
    );
    assert.ok(
      captions.some((c) => c.text === 'final'),
      JSON.stringify(captions),
    );
  });
});
