import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import {
  framedForCamera,
  type JumpFraming,
  SCREENSHOTS,
  sceneBoundaries,
  stillsClip,
  stillsJumpCut,
} from '../../../test/support/scene-clips.js';

/** A screenshot of faces on a white page (from @vladmandic/human's assets). */
const SCREENSHOT = path.join(SCREENSHOTS, 'screenshot-facematch.jpg');

/** A framing of the screenshot: `crop` of it, moved by (x, y) from the centre (ffmpeg expressions of t, pixels). */
function framing(crop: string, seconds: number, x = '0', y = '0'): JumpFraming {
  return { photo: SCREENSHOT, crop, seconds, x: `(iw-ow)/2+${x}`, y: `(ih-oh)/2+${y}` };
}

/** Families seed 90680 clip 17: a shaken framing, then a still closer one. */
const SHAKEN_THEN_CLOSER = [
  framing(
    'crop=iw*0.597:ih*0.597:iw*0.226:ih*0.195',
    3.78,
    '2*sin(2*PI*5.32*t+4.71)+14*sin(2*PI*2.18*t+1.37)',
    '3*sin(2*PI*2.01*t+5.65)+12*sin(2*PI*3.47*t+0.65)',
  ),
  framing('crop=iw*0.428:ih*0.428:iw*0.329:ih*0.336', 2.796),
] as const;

/**
 * A shaken shot, then a jump cut to a still closer framing, as bench/quality's families draw them at other frame
 * rates (the families' seed and clip). Compared at 25 a second, a 30 fps source's frames step unevenly (one step in
 * five spans two of its frames) and a 15 fps source's frames come twice or thrice: either way the shake was cut in
 * its middle. A 4 fps source's frames came six or seven times each, and the shake was cut where each one ended.
 */
const CASES = [
  {
    fps: 30,
    drawn: 'seed 13400 clip 18',
    shots: [
      framing(
        'crop=iw*0.998:ih*0.998:iw*0.056:ih*0.348',
        3.804,
        '6*sin(2*PI*1.33*t+0.50)+16*sin(2*PI*0.83*t+5.36)',
        '18*sin(2*PI*4.54*t+5.52)+10*sin(2*PI*0.58*t+2.39)',
      ),
      framing('crop=iw*0.657:ih*0.657:iw*0.294:ih*0.404', 2.988),
    ],
  },
  { fps: 15, drawn: 'seed 90680 clip 17', shots: SHAKEN_THEN_CLOSER },
  { fps: 4, drawn: 'seed 90680 clip 17', shots: SHAKEN_THEN_CLOSER },
] as const;

describe('detect_scenes: sources at their own frame rates (the real step and engine)', () => {
  for (const c of CASES)
    it(`at ${c.fps} fps: no cut in the shaken shot, the jump cut after it found (${c.drawn})`, async () => {
      const cuts = await sceneBoundaries(await stillsJumpCut(`shaken-at-${c.fps}`, [c.shots[0], c.shots[1]], c.fps));
      const at = c.shots[0].seconds;
      assert.equal(cuts.length, 1, `one boundary, found ${JSON.stringify(cuts)}`);
      assert.ok(Math.abs(cuts[0] - at) <= 0.1, `at ${at} s, found ${cuts[0]}`);
    });

  it('at 12 fps: no cut in a shaken shot whose frames move one way, then back (families seed 72356 clip 33, mixed rates)', async () => {
    const [x, y] = ['4*sin(2*PI*3.95*t+5.69)+25*sin(2*PI*5.29*t+1.03)', '6*sin(2*PI*4.88*t+3.59)+11*sin(2*PI*1.74*t+4.81)'];
    const graph = `${framedForCamera(0, undefined, `crop=640:360:x='(iw-ow)/2+${x}':y='(ih-oh)/2+${y}'`, 12)}[v]`;
    const clip = await stillsClip('shaken-at-12', [{ photo: path.join(SCREENSHOTS, 'samples.jpg'), seconds: 6.5 }], graph, 12);
    assert.deepEqual(await sceneBoundaries(clip), []);
  });
});
