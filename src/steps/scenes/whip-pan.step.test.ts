import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { promisify } from 'node:util';
import { SCREENSHOTS, sceneBoundaries } from '../../../test/support/scene-clips.js';

const run = promisify(execFile);
const PORTRAIT = path.resolve('test-artifacts/photos/grace_hopper.jpg');
/** A screenshot of faces on a white page (from @vladmandic/human's assets). */
const SCREENSHOT = path.join(SCREENSHOTS, 'screenshot-facematch.jpg');

/**
 * A whip pan over one real photo, as bench/quality's families draw it: still, then the camera swings `distance`
 * frames' widths (to the right when positive) in `length` seconds from `at` (smoothly in and out, three frames blurred together as a fast shutter
 * does), then still. `photo`: the portrait unless given; `crop`: the part of the photo (left, top, size, as shares of it); `canvas`: the width it is
 * scaled to (the frame is 640 wide).
 */
async function whipPan(w: {
  photo?: string;
  at: number;
  length: number;
  distance: number;
  crop?: [number, number, number];
  canvas: [number, number];
}): Promise<string> {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'whip-')), 'whip.mp4');
  const u = `clip((t-${w.at})/${w.length},0,1)`;
  const crop = w.crop ? [`crop=iw*${w.crop[2]}:ih*${w.crop[2]}:iw*${w.crop[0]}:ih*${w.crop[1]}`] : [];
  const [cw, ch] = w.canvas;
  await run('ffmpeg', [
    ...['-y', '-v', 'error', '-loop', '1', '-framerate', '25', '-t', '6', '-i', w.photo ?? PORTRAIT],
    '-vf',
    [
      ...crop,
      `scale=${cw}:${ch}:force_original_aspect_ratio=increase,crop=${cw}:${ch}`,
      `crop=640:360:x='${w.distance > 0 ? '0' : '(iw-ow)'}+(${(w.distance * 640).toFixed(1)})*${u}*${u}*(3-2*${u})':y='(ih-oh)/2'`,
      'tmix=frames=3,fps=25,format=yuv420p',
    ].join(','),
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-t', '6', out],
  ]);
  return out;
}

describe('detect_scenes: a whip pan over one photo', () => {
  it('finds no boundary in the blurred swing (the real step and engine)', async () => {
    assert.deepEqual(await sceneBoundaries(await whipPan({ at: 3.9, length: 0.21, distance: -1.0684, canvas: [1380, 396] })), []);
  });

  it('finds no boundary where the swing starts out of a still frame in one blurred step', async () => {
    // A fifth of the frame in the first blurred frame, half of it in the next: no shift, no even smear explains them.
    const clip = await whipPan({ at: 4.088, length: 0.169, distance: 1.019, crop: [0.225, 0.025, 0.54], canvas: [1356, 460] });
    assert.deepEqual(await sceneBoundaries(clip), []);
  });

  it('finds no boundary where a slower swing over a screenshot settles (its last blurred frame against still ones)', async () => {
    const clip = await whipPan({
      photo: SCREENSHOT,
      at: 4.412,
      length: 0.399,
      distance: -0.68,
      crop: [0.305, 0.085, 0.627],
      canvas: [1138, 460],
    });
    assert.deepEqual(await sceneBoundaries(clip), []);
  });

  it('finds no boundary where the blurred peak of a fast swing is explained only as its blurred neighbours are (their own smears)', async () => {
    // No shift is found for the frames around the peak, so no plain shift vouches for the peak's smear.
    const clip = await whipPan({ at: 3.529, length: 0.156, distance: 0.939, crop: [0.251, 0.312, 0.911], canvas: [1304, 460] });
    assert.deepEqual(await sceneBoundaries(clip), []);
  });

  it('finds no boundary where a swing ends on a part of the photo of other colours (the ends line up where they overlap)', async () => {
    // The camera crosses more than the shift search reaches, and the colours at the ends differ by more than half.
    const clip = await whipPan({ at: 2.469, length: 0.331, distance: -0.632, crop: [0.192, 0.013, 0.813], canvas: [1108, 460] });
    assert.deepEqual(await sceneBoundaries(clip), []);
  });
});
