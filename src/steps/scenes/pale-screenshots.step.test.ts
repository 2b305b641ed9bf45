import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { framedForCamera, SCREENSHOTS, sceneBoundaries, stillsClip, stillsJumpCut } from '../../../test/support/scene-clips.js';

/**
 * Two pale screenshots, 3 s each, cut hard from one to the other, each under a hand-held camera (a shake, then a
 * jitter, as bench/quality's families draw them; seed 2's hard cut). `crop`: the part of each screenshot shown.
 */
async function paleCut(): Promise<string> {
  const shot = (input: number, crop: string, x: string, y: string) =>
    `[${input}:v]${crop},scale=704:396:force_original_aspect_ratio=increase,crop=704:396,crop=640:360:x='${x}':y='${y}',fps=25,setsar=1[s${input}]`;
  const graph = [
    shot(0, 'crop=iw*0.806:ih*0.806:iw*0.102:ih*0.129', '32+21*sin(2*PI*2.98*t+0.47)', '18+4*sin(2*PI*1.77*t+5.1)'),
    shot(1, 'crop=iw*0.69:ih*0.69:iw*0.181:ih*0.198', '32+3*sin(2*PI*9.57*t+1.55)+4*sin(2*PI*7.18*t+3.9)', '18+5*sin(2*PI*3.16*t+0.59)'),
    '[s0][s1]concat=n=2:v=1:a=0,format=yuv420p[v]',
  ].join(';');
  return stillsClip(
    'pale',
    [
      { photo: path.join(SCREENSHOTS, 'screenshot-vrm.jpg'), seconds: 3 },
      { photo: path.join(SCREENSHOTS, 'screenshot-faceid.jpg'), seconds: 3 },
    ],
    graph,
  );
}

const [VRM, FACEID] = [path.join(SCREENSHOTS, 'screenshot-vrm.jpg'), path.join(SCREENSHOTS, 'screenshot-faceid.jpg')];
const CENTRED = { x: '(iw-ow)/2', y: '(ih-oh)/2' };

/**
 * Two pale screenshots as the families frame them (seed 41941, clip 19): one still, then, through two white frames,
 * the other with the camera zooming out.
 */
function throughWhite(): Promise<string> {
  const still = `${framedForCamera(0, 'crop=iw*0.727:ih*0.727:iw*0.255:ih*0.091', 'crop=640:360')}[s0]`;
  const zoomOut = `scale=w='trunc(768*(1.433-0.433*t/2.6)/2)*2':h=-2:eval=frame,crop=640:360`;
  const zoom = `${framedForCamera(1, 'crop=iw*0.693:ih*0.693:iw*0.363:ih*0.147', zoomOut)}[s1]`;
  const join = `[s0][s1]concat=n=2:v=1:a=0,drawbox=t=fill:c=white:enable='between(n,72,73)',format=yuv420p[v]`;
  return stillsClip(
    'pale-flash',
    [
      { photo: FACEID, seconds: 2.9 },
      { photo: VRM, seconds: 2.6 },
    ],
    [still, zoom, join].join(';'),
  );
}

describe('detect_scenes: a cut between two pale screenshots', () => {
  it('finds the cut, though the tiny frames see only a quarter of their pixels change (the real step and engine)', async () => {
    const cuts = await sceneBoundaries(await paleCut());
    assert.equal(cuts.length, 1, `one boundary, found ${JSON.stringify(cuts)}`);
    assert.ok(Math.abs(cuts[0] - 3) <= 0.1, `at 3 s, found ${cuts[0]}`);
  });

  it('finds the cut from a shaking camera to a still one, though the frames across it are as alike as the shake makes them (seed 22062, clip 12)', async () => {
    const shaken = {
      x: `(iw-ow)/2+13*sin(2*PI*5.16*t+5.81)+22*sin(2*PI*4.29*t+4.13)`,
      y: `(ih-oh)/2+2*sin(2*PI*2.76*t+3.30)+12*sin(2*PI*1.78*t+1.19)`,
    };
    const cuts = await sceneBoundaries(
      await stillsJumpCut('pale-shaken-cut', [
        { photo: VRM, seconds: 3.601, crop: 'crop=iw*0.511:ih*0.511:iw*0.188:ih*0.089', ...shaken },
        { photo: FACEID, seconds: 2.299, crop: 'crop=iw*0.539:ih*0.539:iw*0.036:ih*0.234', ...CENTRED },
      ]),
    );
    assert.equal(cuts.length, 1, `one boundary, found ${JSON.stringify(cuts)}`);
    assert.ok(Math.abs(cuts[0] - 3.6) <= 0.1, `at 3.60 s, found ${cuts[0]}`);
  });

  it('finds no boundary in a white flash over a pale screenshot under a shaking camera: it comes back after it', async () => {
    const shaken = `crop=640:360:x='(iw-ow)/2+9*sin(2*PI*3.55*t+6.04)+16*sin(2*PI*5.90*t+1.81)':y='(ih-oh)/2+17*sin(2*PI*0.89*t+5.52)'`;
    const shot = `${framedForCamera(0, 'crop=iw*0.533:ih*0.533:iw*0.367:ih*0.179', shaken)},drawbox=t=fill:c=white:enable='between(n,50,52)',format=yuv420p[v]`;
    const cuts = await sceneBoundaries(await stillsClip('pale-white-flash', [{ photo: FACEID, seconds: 4.5 }], shot));
    assert.deepEqual(cuts, []);
  });

  it('finds the cut through a white flash: the first screenshot does not come back after it (seed 41941, clip 19)', async () => {
    const cuts = await sceneBoundaries(await throughWhite());
    assert.equal(cuts.length, 1, `one boundary, found ${JSON.stringify(cuts)}`);
    assert.ok(Math.abs(cuts[0] - 2.9) <= 0.1, `at 2.90 s, found ${cuts[0]}`);
  });
});
