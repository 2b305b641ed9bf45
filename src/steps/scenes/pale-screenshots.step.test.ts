import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { SCREENSHOTS, sceneBoundaries, stillsClip } from '../../../test/support/scene-clips.js';

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

describe('detect_scenes: a cut between two pale screenshots', () => {
  it('finds the cut, though the tiny frames see only a quarter of their pixels change (the real step and engine)', async () => {
    const cuts = await sceneBoundaries(await paleCut());
    assert.equal(cuts.length, 1, `one boundary, found ${JSON.stringify(cuts)}`);
    assert.ok(Math.abs(cuts[0] - 3) <= 0.1, `at 3 s, found ${cuts[0]}`);
  });
});
