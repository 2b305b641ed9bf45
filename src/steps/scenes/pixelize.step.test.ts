import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { promisify } from 'node:util';
import { framedForCamera, SCREENSHOTS, sceneBoundaries } from '../../../test/support/scene-clips.js';

const run = promisify(execFile);

/**
 * ffmpeg's `cellauto` (rule 110, its pattern scrolling up a row a frame) joined by a 1.33 s `pixelize` to a photo
 * the camera slowly zooms into (seed 2's, as bench/quality's families draw it, the pattern seeded): the pixelation
 * of a moving picture redraws its blocks every frame, so the picture jumps in most frames of the transition and no
 * frame of it stands out from the others as a cut, nor is any frame a mix of the two shots.
 */
async function pixelizeOverMotion(): Promise<string> {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pixelize-')), 'pixelize.mp4');
  const [first, second, join] = [4.13, 4.62, 1.335];
  const graph = [
    `${framedForCamera(0, undefined, 'crop=640:360')}[s0]`,
    `${framedForCamera(1, 'crop=iw*0.8:ih*0.8:iw*0.1:ih*0.1', `scale=w='trunc(768*(1+0.111*t/${second})/2)*2':h=-2:eval=frame,crop=640:360`)}[s1]`,
    `[s0][s1]xfade=transition=pixelize:duration=${join}:offset=${first - join},format=yuv420p[v]`,
  ].join(';');
  await run('ffmpeg', [
    ...['-y', '-v', 'error', '-f', 'lavfi', '-t', String(first), '-i', 'cellauto=rule=110:seed=1:s=1280x720:r=25'],
    ...['-loop', '1', '-framerate', '25', '-t', String(second), '-i', path.join(SCREENSHOTS, 'samples.jpg')],
    ...['-filter_complex', graph, '-map', '[v]', '-c:v', 'libx264', '-preset', 'veryfast', out],
  ]);
  return out;
}

describe('detect_scenes: a pixelation over a moving picture', () => {
  it('finds one boundary at the middle of the transition (the real step and engine)', async () => {
    const cuts = await sceneBoundaries(await pixelizeOverMotion());
    assert.equal(cuts.length, 1, `one boundary, found ${JSON.stringify(cuts)}`);
    assert.ok(Math.abs(cuts[0] - 3.46) <= 0.4, `at 3.46 s, found ${cuts[0]}`);
  });
});
