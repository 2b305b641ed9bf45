import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { describe, it } from 'node:test';
import { promisify } from 'node:util';
import { PHOTOS } from '../../../test/support/reel-clips.js';
import { framedForCamera, stillsClip } from '../../../test/support/scene-clips.js';
import { fakeTools, runStep, stepContext } from '../../../test/support/step-context.js';
import { FfmpegVideoEngine } from '../../engines/video/ffmpeg-video-engine.js';
import { detectScenesStep } from './detect-scenes.step.js';

const run = promisify(execFile);
const SHOTS = [
  { photo: PHOTOS.portrait.file, seconds: 1.1 },
  { photo: PHOTOS.crowd.file, seconds: 0.6 },
  { photo: PHOTOS.mosaic.file, seconds: 1.3 },
];

/** A picture (or a clip's frame at `at` s) as 32x18 greys, to tell which shot it shows. */
async function greys(file: string, at?: number): Promise<Buffer> {
  const seek = at === undefined ? [] : ['-ss', String(at)];
  const args = ['-v', 'error', ...seek, '-i', file, '-frames:v', '1', '-vf', 'scale=32:18:flags=area,format=gray', '-f', 'rawvideo', '-'];
  return (await run('ffmpeg', args, { encoding: 'buffer' })).stdout;
}

/** Of the shots' first frames, the one `file` looks most like. */
function shotOf(file: Buffer, shots: Buffer[]): number {
  const distance = (a: Buffer, b: Buffer) => a.reduce((sum, v, i) => sum + Math.abs(v - b[i]), 0);
  return shots.reduce((best, s, i) => (distance(file, s) < distance(file, shots[best]) ? i : best), 0);
}

describe('detect_scenes: where the samples and keyframes are taken', () => {
  it('gives each scene a keyframe of its own shot, and each sample the shot on screen at its time (a 0.6 s middle shot)', async () => {
    const graph = [
      ...SHOTS.map((_, i) => `${framedForCamera(i, undefined, 'crop=640:360')}[s${i}]`),
      '[s0][s1][s2]concat=n=3:v=1:a=0,format=yuv420p[v]',
    ];
    const clip = await stillsClip('sample-times', SHOTS, graph.join(';'));
    const video = new FfmpegVideoEngine({ ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' });
    const { scenes, cuts, samples } = await runStep(detectScenesStep, { source: clip }, stepContext(fakeTools({ video })));
    assert.equal(cuts.length, 2, `two cuts, found ${JSON.stringify(cuts)}`);
    assert.ok(Math.abs(cuts[0] - 1.1) <= 0.04 && Math.abs(cuts[1] - 1.7) <= 0.04, `cuts at 1.1 and 1.7 s, found ${JSON.stringify(cuts)}`);
    // Each shot as the clip shows it in its middle.
    const shots = await Promise.all([0.55, 1.4, 2.35].map((t) => greys(clip, t)));
    for (const scene of scenes)
      assert.equal(
        shotOf(await greys(scene.keyframe_path), shots),
        scene.index,
        `scene ${scene.index}'s keyframe at ${scene.keyframe_time} s`,
      );
    const shown = await Promise.all(samples.map(async (s) => shotOf(await greys(s.path), shots)));
    const starts = [0, 1.1, 1.7];
    const expected = samples.map((s) => starts.filter((start) => s.time >= start).length - 1);
    assert.deepEqual(shown, expected, `the shot each sample shows, at ${samples.map((s) => s.time).join(', ')} s`);
    assert.deepEqual(
      samples.map((s) => s.scene),
      expected,
      'each sample belongs to the scene it shows',
    );
  });

  it('takes each frame of a slideshow at one frame a second once: one sample a frame, a cut at each new photo', async () => {
    const slides = SHOTS.map((s) => ({ ...s, seconds: 2 }));
    const graph = [
      ...slides.map((_, i) => `${framedForCamera(i, undefined, 'crop=640:360', 1)}[s${i}]`),
      '[s0][s1][s2]concat=n=3:v=1:a=0,format=yuv420p[v]',
    ];
    const clip = await stillsClip('slideshow', slides, graph.join(';'), 1);
    const video = new FfmpegVideoEngine({ ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' });
    const { cuts, samples } = await runStep(detectScenesStep, { source: clip }, stepContext(fakeTools({ video })));
    assert.deepEqual(cuts, [2, 4]);
    assert.deepEqual(
      samples.map((s) => s.time),
      [0, 1, 2, 3, 4, 5],
    );
    const shots = await Promise.all([0.5, 2.5, 4.5].map((t) => greys(clip, t)));
    const shown = await Promise.all(samples.map(async (s) => shotOf(await greys(s.path), shots)));
    assert.deepEqual(shown, [0, 0, 1, 1, 2, 2], 'the photo each sample shows');
  });
});
