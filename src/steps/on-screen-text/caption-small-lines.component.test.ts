import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { readCaptionStill, shippedOcr } from '../../../test/support/caption-still.js';

const SERIF = '/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf';
const BOX = 'box=1:boxcolor=black@0.65';

/**
 * A lower third as the caption families draw it (issue 39): a name in a regular serif face on a dark box, its role
 * under it at 0.8 of its size. At the analysis size the role's strokes are a pixel thick and vanish in the shrink,
 * so only the name was read ("David Chen" without "Founder And CEO"); the rows beside a small line are now looked at
 * again at twice that size.
 */
describe('ocr of a lower third whose second line is smaller than the first', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lower-third-'));
  const fractal = path.join(dir, 'mandelbrot.png');
  before(() => promisify(execFile)('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'mandelbrot=s=1280x720', '-frames:v', '1', fractal]));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('reads the role under the name, over a fractal', async () => {
    const name = `drawtext=fontfile=${SERIF}:text='David Chen':fontsize=26:fontcolor=white:${BOX}:boxborderw=6:x=77:y=520,`;
    const { captions } = await readCaptionStill(
      {
        size: '1280x720',
        photo: fractal,
        font: SERIF,
        background: name,
        text: 'Founder And CEO',
        x: '77',
        y: '555',
        look: `fontsize=21:fontcolor=white:${BOX}:boxborderw=5`,
      },
      shippedOcr(),
    );
    assert.equal(captions.map((c) => c.text).join(' '), 'David Chen Founder And CEO');
  });
});
