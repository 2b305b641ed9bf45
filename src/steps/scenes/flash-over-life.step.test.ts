import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { promisify } from 'node:util';
import { sceneBoundaries } from '../../../test/support/scene-clips.js';

const run = promisify(execFile);

/**
 * ffmpeg's `life` (cells that live, die and leave a fading mould) at 12 frames a second, seeded, framed as
 * families-cuts frames a still camera's shot, with four black frames at 2.17 s (as seed 60482 drew it at mixed
 * rates): the picture changes by itself while the flash lasts, so the one after it is not quite the one before.
 */
async function flashOverLife(seed: number): Promise<string> {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'life-')), `life-${seed}.mp4`);
  await run('ffmpeg', [
    ...['-y', '-v', 'error', '-f', 'lavfi', '-t', '6.4', '-i', `life=mold=10:ratio=0.3:seed=${seed}:s=1280x720:r=12`],
    ...['-vf', "scale=818:460,crop=640:360,drawbox=t=fill:c=black:enable='between(n,26,29)',format=yuv420p"],
    ...['-c:v', 'libx264', '-preset', 'veryfast', out],
  ]);
  return out;
}

describe('detect_scenes: a black flash over a picture that changes by itself', () => {
  it('finds no boundary (the real step and engine)', async () => {
    for (const seed of [1, 2]) assert.deepEqual(await sceneBoundaries(await flashOverLife(seed)), [], `seed ${seed}`);
  });
});
