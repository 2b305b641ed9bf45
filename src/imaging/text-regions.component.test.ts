import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import type { Box } from './box.js';
import { findTextLayer } from './text-regions.js';

const run = promisify(execFile);
const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';

/** A still frame of `size` over the lavfi `background`, with `text` drawn by drawtext's `look` at the frame's middle (or none). */
async function frame(dir: string, name: string, size: string, background: string, text?: { words: string; look: string }) {
  const file = path.join(dir, `${name}.png`);
  const draw = text ? `,drawtext=fontfile=${FONT}:text='${text.words}':${text.look}:x=(w-text_w)/2:y=(h-text_h)/2` : '';
  await run('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `${background}:s=${size}`,
    '-vf',
    `format=rgb24${draw}`,
    '-frames:v',
    '1',
    file,
  ]);
  return file;
}

/** The regions of the frame's layer, in source pixels. */
async function regionsOf(file: string): Promise<Box[]> {
  const layer = await findTextLayer(file);
  return layer.regions.map((r) => ({
    left: r.left * layer.scale,
    top: r.top * layer.scale,
    width: r.width * layer.scale,
    height: r.height * layer.scale,
  }));
}

const holdsMiddle = (w: number, h: number) => (r: Box) =>
  r.top <= h / 2 && r.top + r.height >= h / 2 && r.left < w / 2 && r.left + r.width > w / 2;

/** Captions of styles the bright-stroke finder missed (issue 39): found by their contrast with what is around them. */
describe('text regions of either polarity, any colour', () => {
  let dir: string;
  before(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'text-regions-'));
  });
  after(() => fs.rm(dir, { recursive: true, force: true }));

  const cases = [
    { name: 'red plain text on dark blue', size: '720x1280', bg: 'color=c=0x102040', look: 'fontsize=64:fontcolor=0xff4040' },
    {
      name: 'cyan text with a shadow',
      size: '720x1280',
      bg: 'color=c=0x303030',
      look: 'fontsize=56:fontcolor=0x40e0ff:shadowx=3:shadowy=3',
    },
    { name: 'dark text without a box on a pale picture', size: '1280x720', bg: 'color=c=0xe8e0d0', look: 'fontsize=40:fontcolor=0x202020' },
    {
      name: 'thin yellow outlined text on a landscape frame',
      size: '1280x720',
      bg: 'color=c=0x6080a0',
      look: 'fontsize=40:fontcolor=0xffe000:borderw=3:bordercolor=black',
    },
  ];
  for (const c of cases) {
    it(`finds ${c.name}`, async () => {
      const [w, h] = c.size.split('x').map(Number);
      const file = await frame(dir, c.name.replace(/\W+/g, '-'), c.size, c.bg, { words: 'MEET THE NEW TEAM', look: c.look });
      const regions = await regionsOf(file);
      assert.ok(regions.some(holdsMiddle(w, h)), `no region holds the caption: ${JSON.stringify(regions)}`);
    });
  }

  it('finds nothing on a frame without text (a smooth gradient, none of it bright enough to be a light box)', async () => {
    const file = await frame(dir, 'gradient', '1280x720', 'gradients=c0=0x203040:c1=0xa09080:x0=0:y0=0:x1=1280:y1=720:seed=1');
    assert.deepEqual(await regionsOf(file), []);
  });
});
