import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { familyFrame, stillPhoto, timedCaption } from '../../test/support/caption-still.js';
import { PHOTOS } from '../../test/support/reel-clips.js';
import { findTextLayer } from './text-regions.js';

const run = promisify(execFile);
const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed-BoldOblique.ttf';

/**
 * Two outlined italic lines over a portrait (caption families seed 29052, clip 71): the first line's "A" touches the
 * picture's light patch under it, which reaches the accent of the line below, so one shape spans both lines and
 * chains their letters into one group; the group's band was the longer second line, and the first line was no region.
 */
describe('text regions of two lines chained by a shape reaching into both', () => {
  const dirs: string[] = [];
  after(() => Promise.all(dirs.map((d) => fs.rm(d, { recursive: true, force: true }))));

  it('finds each line', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bridged-lines-'));
    dirs.push(dir);
    const [clip, frame] = [path.join(dir, 'clip.mp4'), path.join(dir, 'frame.jpg')];
    const line = (text: string, y: number) =>
      timedCaption(`fontfile=${FONT}:fontsize=56:fontcolor=white:borderw=6:bordercolor=black:x=(w-text_w)/2:y=${y}`, text, 0.2, 2.799);
    const filters = [familyFrame(null), 'fps=25', line('Hola A Todos', 220), line('Cómo Lo Hicimos', 296), 'format=yuv420p'];
    await run('ffmpeg', [
      '-v',
      'error',
      '-y',
      ...stillPhoto(PHOTOS.portrait.file),
      '-vf',
      filters.join(','),
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      clip,
    ]);
    await run('ffmpeg', ['-v', 'error', '-y', '-ss', '1', '-i', clip, '-frames:v', '1', '-q:v', '2', frame]);
    const layer = await findTextLayer(frame);
    const rows = layer.regions.map((r) => [r.top * layer.scale, (r.top + r.height) * layer.scale]);
    // The lines' letters stand about 225-265 and 300-345 px down the frame.
    for (const [top, bottom] of [
      [225, 265],
      [300, 345],
    ])
      assert.ok(
        rows.some(([t, b]) => t <= top + 10 && b >= bottom - 10),
        `no region on the rows ${top}-${bottom}: ${JSON.stringify(rows)}`,
      );
  });
});
