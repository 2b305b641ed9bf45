import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { readCaptionStill, shippedOcr } from '../../../test/support/caption-still.js';

const ITALIC = '/usr/share/fonts/truetype/freefont/FreeSerifItalic.ttf';

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
});
