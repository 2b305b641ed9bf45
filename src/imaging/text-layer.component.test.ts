import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { PHOTOS } from '../../test/support/reel-clips.js';
import { shorterSideAtMost } from '../engines/video/ffmpeg-video-engine.js';
import { sameContent } from './text-layer.js';
import { ANALYSIS_SIDE, findTextLayer } from './text-regions.js';

const run = promisify(execFile);
const FONT = '/usr/share/fonts/truetype/liberation/LiberationSerif-Italic.ttf';
const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vidint-text-layer-'));
after(() => fs.rm(dir, { recursive: true, force: true }));

/** The layer of the portrait made pale (720x1280), with `text` in yellow with a drop shadow, found in its grey copy. */
async function paleLayer(name: string, text: string) {
  const { file: photo, region } = PHOTOS.portrait;
  const [x, y, w, h] = region;
  const pale = `crop=${w}:${h}:${x}:${y},scale=936:1664:force_original_aspect_ratio=increase,crop=720:1280,eq=brightness=0.35:contrast=0.6`;
  const caption = `drawtext=fontfile=${FONT}:text='${text}':fontsize=43:fontcolor=0xffe000:shadowx=3:shadowy=3:shadowcolor=black@0.75:x=(w-text_w)/2:y=249`;
  const file = path.join(dir, `${name}.jpg`);
  const gray = path.join(dir, `${name}.pgm`);
  await run('ffmpeg', ['-v', 'error', '-y', '-i', photo, '-vf', `${pale},${caption}`, '-frames:v', '1', '-q:v', '3', file]);
  await run('ffmpeg', ['-v', 'error', '-y', '-i', file, '-vf', `${shorterSideAtMost(ANALYSIS_SIDE)},format=gray`, gray]);
  return findTextLayer(file, gray);
}

/**
 * A pale photo was taken for a light box as tall as most of the frame, with ink of its own all over: a new caption
 * changed less than a tenth of it, so the two captions were followed as one and the first was never read. It is a part
 * of the picture now, and the caption over it a line of its own.
 */
describe('the same content of a region', () => {
  it('tells a new caption line over a pale photo', async () => {
    const first = await paleLayer('first', 'wait for the end');
    const second = await paleLayer('second', 'fresh bread every morning');
    assert.ok(!first.regions.some((r) => r.height > first.height / 2), `no region is the photo: ${JSON.stringify(first.regions)}`);
    const line = first.regions.find((r) => r.top * first.scale < 300 && (r.top + r.height) * first.scale > 249);
    assert.ok(line, `the caption's line: ${JSON.stringify(first.regions)}`);
    assert.equal(sameContent(first, first, line, line.line), 1);
    assert.ok(sameContent(first, second, line, line.line) < 0.9, `${sameContent(first, second, line, line.line)}`);
  });
});
