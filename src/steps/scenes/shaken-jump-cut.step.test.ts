import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { type JumpFraming, SCREENSHOTS, sceneBoundaries, stillsJumpCut } from '../../../test/support/scene-clips.js';

/** A screenshot of a web page, mostly black with a few lines of small text. */
const SCREENSHOT = path.join(SCREENSHOTS, 'screenshot-faceid.jpg');

/** A framing of the screenshot: its crop, and the shaking camera's offsets from the centre (ffmpeg expressions of t, pixels). */
type Shaken = Omit<JumpFraming, 'photo'>;

/**
 * A jump cut between two framings of one sparse screenshot, both under a shaking camera, as bench/quality's families
 * draw it (seeds 4 and 2, clip 18). The tiny frames across the cut differ in a tenth of their pixels or less, no more
 * than the shake's do.
 */
function shakenJumpCut(name: string, framings: [Shaken, Shaken]): Promise<string> {
  const framed = (f: Shaken): JumpFraming => ({ ...f, photo: SCREENSHOT, x: `(iw-ow)/2+${f.x}`, y: `(ih-oh)/2+${f.y}` });
  return stillsJumpCut(name, [framed(framings[0]), framed(framings[1])]);
}

describe('detect_scenes: a jump cut on a sparse screenshot under a shaking camera', () => {
  it('finds the cut to a closer framing lower on the page (seed 4): no frame before it lines up with one after it (the real step and engine)', async () => {
    const cuts = await sceneBoundaries(
      await shakenJumpCut('shaken-jump-lower', [
        {
          crop: 'crop=iw*0.664:ih*0.664:iw*0.300:ih*0.237',
          seconds: 3.487,
          x: '17*sin(2*PI*1.22*t+4.54)+4*sin(2*PI*4.14*t+4.27)',
          y: '1*sin(2*PI*4.92*t+3.04)+12*sin(2*PI*1.49*t+0.26)',
        },
        {
          crop: 'crop=iw*0.418:ih*0.418:iw*0.450:ih*0.430',
          seconds: 3.79,
          x: '25*sin(2*PI*2.96*t+2.43)+23*sin(2*PI*3.68*t+3.14)',
          y: '5*sin(2*PI*3.38*t+0.50)+14*sin(2*PI*1.01*t+6.26)',
        },
      ]),
    );
    assert.equal(cuts.length, 1, `one boundary, found ${JSON.stringify(cuts)}`);
    assert.ok(Math.abs(cuts[0] - 3.49) <= 0.1, `at 3.49 s, found ${cuts[0]}`);
  });

  it('finds the cut to a closer framing of the same lines (seed 2)', async () => {
    const cuts = await sceneBoundaries(
      await shakenJumpCut('shaken-jump-closer', [
        {
          crop: 'crop=iw*0.847:ih*0.847:iw*0.303:ih*0.244',
          seconds: 3.804,
          x: '12*sin(2*PI*2.02*t+3.23)+15*sin(2*PI*1.97*t+0.52)',
          y: '18*sin(2*PI*3.20*t+5.44)+14*sin(2*PI*4.53*t+2.74)',
        },
        {
          crop: 'crop=iw*0.511:ih*0.511:iw*0.426:ih*0.315',
          seconds: 3.34,
          x: '17*sin(2*PI*3.99*t+5.81)+3*sin(2*PI*3.85*t+2.39)',
          y: '9*sin(2*PI*1.27*t+4.84)+7*sin(2*PI*0.70*t+5.68)',
        },
      ]),
    );
    assert.equal(cuts.length, 1, `one boundary, found ${JSON.stringify(cuts)}`);
    assert.ok(Math.abs(cuts[0] - 3.8) <= 0.1, `at 3.80 s, found ${cuts[0]}`);
  });

  it('finds the cut the pixels see only as twice the shake: the structures across it never line up (seed 85858, clip 17)', async () => {
    const cuts = await sceneBoundaries(
      await shakenJumpCut('shaken-jump-right', [
        {
          crop: 'crop=iw*0.533:ih*0.533:iw*0.367:ih*0.179',
          seconds: 2.193,
          x: '3*sin(2*PI*2.91*t+4.26)+4*sin(2*PI*5.57*t+4.80)',
          y: '17*sin(2*PI*0.89*t+5.52)+11*sin(2*PI*2.56*t+3.60)',
        },
        {
          crop: 'crop=iw*0.395:ih*0.395:iw*0.560:ih*0.286',
          seconds: 2.888,
          x: '9*sin(2*PI*3.55*t+6.04)+16*sin(2*PI*5.90*t+1.81)',
          y: '4*sin(2*PI*4.22*t+1.08)+12*sin(2*PI*5.41*t+2.65)',
        },
      ]),
    );
    assert.equal(cuts.length, 1, `one boundary, found ${JSON.stringify(cuts)}`);
    assert.ok(Math.abs(cuts[0] - 2.19) <= 0.1, `at 2.19 s, found ${cuts[0]}`);
  });
});
