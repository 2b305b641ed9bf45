import fs from 'node:fs/promises';
import path from 'node:path';
import { ANALYSIS_SIDE } from '../../imaging/text-regions.js';
import { defineStep } from '../step.js';
import { CUT_FRAME_HEIGHT, CUT_FRAME_WIDTH, type CutCandidate, CutDetector } from './cut-detector.js';

interface Scene {
  index: number;
  start: number;
  end: number;
  keyframe_path: string;
  keyframe_time: number;
}
interface Sample {
  time: number;
  path: string;
  /** The scene it belongs to: on-screen text is not followed across a cut. */
  scene: number;
  /** The same frame in grey, its shorter side at most ANALYSIS_SIDE (binary PGM): where on-screen text is looked for. */
  gray: string;
}

const MAX_SCENES = 60;
/** Frames per second the cut detector compares (tiny RGB frames). */
const CUT_FPS = 25;
/** Thumbnails: every half second, at most this many over the video (they are the on-screen-text samples too). */
const MAX_SAMPLES = 240;

export const detectScenesStep = defineStep<
  { source: string; threshold?: number; min_scene_seconds?: number },
  { scenes: Scene[]; cuts: number[]; samples: Sample[] }
>({
  type: 'detect_scenes',
  summary: 'Finds the cuts of a video, extracts one keyframe per scene and samples frames through time',
  description:
    'Compares each frame of `source` (25 per second, shrunk to 48x27) with the one before on colour, not only ' +
    'brightness: the share of pixels whose colour changed and the distance between colour histograms. A frame is ' +
    'a cut when that change is at least `threshold` percent (default 30) and stands out from the second around it ' +
    '(above its median by 25 points), so busy shots are not cut up; the change is counted after the shift of the ' +
    'picture (up to a third of the frame) that explains most of it, so a shaking, panning or whipping camera is no cut, ' +
    'and a flash (a few frames after which the picture comes back) is none either. Gradual transitions (about 0.3 to ' +
    '2 s) are boundaries too, at their middle: cross-fades and fades through black as frames that mix the shots before ' +
    'and after them, and any other kind (a wipe, a slide, an iris) as frames half a second to a second apart that differ in ' +
    'pixels and colours with no cut between them. Scenes shorter than ' +
    '`min_scene_seconds` (default 0.5) are merged into their neighbour (at most ' +
    `${MAX_SCENES} scenes: the weakest cuts go first). In the same decoding pass, frames are sampled every half ` +
    `second (at most ${MAX_SAMPLES} over the video): each scene gets the one nearest its middle as a JPEG keyframe, ` +
    'and all are returned as `samples` for reading on-screen text through time. ' +
    'Outputs `scenes` [{index, start, end, keyframe_path, keyframe_time}], `cuts` (seconds) and `samples` [{time, path, ' +
    'scene, gray}] (`gray`: the frame in grey, its shorter side shrunk to 360 px, for finding text).',
  with: {
    type: 'object',
    required: ['source'],
    additionalProperties: false,
    properties: {
      source: { type: 'string' },
      threshold: { type: 'number', minimum: 1, maximum: 100 },
      min_scene_seconds: { type: 'number', minimum: 0, maximum: 60 },
    },
  },
  output: {
    type: 'object',
    required: ['scenes', 'cuts', 'samples'],
    additionalProperties: false,
    properties: {
      scenes: {
        type: 'array',
        items: {
          type: 'object',
          required: ['index', 'start', 'end', 'keyframe_path', 'keyframe_time'],
          additionalProperties: false,
          properties: {
            index: { type: 'integer' },
            start: { type: 'number' },
            end: { type: 'number' },
            keyframe_path: { type: 'string' },
            keyframe_time: { type: 'number' },
          },
        },
      },
      cuts: { type: 'array', items: { type: 'number' } },
      samples: {
        type: 'array',
        items: {
          type: 'object',
          required: ['time', 'path', 'scene', 'gray'],
          additionalProperties: false,
          properties: { time: { type: 'number' }, path: { type: 'string' }, scene: { type: 'integer' }, gray: { type: 'string' } },
        },
      },
    },
  },
  example: `- id: scenes\n  uses: detect_scenes\n  with: { source: "{{steps.video.path}}" }`,
  async run(input, ctx) {
    const { video } = ctx.tools;
    const { duration } = await video.probe(input.source, ctx.signal);
    // One decoding pass: tiny frames stream to the cut detector while thumbnails are written at a low rate;
    // each scene's keyframe is then the thumbnail nearest its middle (seeking back into the file per scene
    // would decode from the previous keyframe again, for every scene).
    const fps = Math.min(2, MAX_SAMPLES / Math.max(duration, 1));
    const thumbs = path.join(ctx.workDir, 'samples');
    await fs.mkdir(thumbs, { recursive: true });
    const detector = new CutDetector(CUT_FPS);
    await video.decodeForScenes({
      source: input.source,
      cutFps: CUT_FPS,
      cutWidth: CUT_FRAME_WIDTH,
      cutHeight: CUT_FRAME_HEIGHT,
      onCutFrames: (chunk) => detector.push(chunk),
      thumbFps: fps,
      graySide: ANALYSIS_SIDE,
      thumbsDir: thumbs,
      signal: ctx.signal,
    });
    const cuts = keepCuts(detector.boundaries((input.threshold ?? 30) / 100, duration), duration, input.min_scene_seconds ?? 0.5);
    const bounds = [0, ...cuts, duration];
    const available = (await fs.readdir(thumbs)).filter((f) => f.endsWith('.jpg')).sort();
    const thumbTime = (i: number) => i / fps;
    const scenes: Scene[] = [];
    for (let i = 0; i < bounds.length - 1; i++) {
      const [start, end] = [bounds[i], bounds[i + 1]];
      const middle = start + (end - start) / 2;
      let best = Math.min(available.length - 1, Math.max(0, Math.round(middle * fps)));
      // Prefer a thumbnail inside the scene (a short scene may fall between two thumbnails).
      while (best > 0 && thumbTime(best) >= end) best--;
      while (best < available.length - 1 && thumbTime(best) < start) best++;
      const keyframe_path = path.join(ctx.workDir, `keyframe-${i}.jpg`);
      await fs.copyFile(path.join(thumbs, available[best]), keyframe_path);
      scenes.push({
        index: i,
        start: round(start),
        end: round(end),
        keyframe_time: round(Math.min(Math.max(thumbTime(best), start), end)),
        keyframe_path,
      });
    }
    const sceneAt = (t: number) =>
      Math.max(
        0,
        scenes.findIndex((s) => t >= s.start && t < s.end),
      );
    const samples = available.map((f, i) => ({
      time: round(thumbTime(i)),
      path: path.join(thumbs, f),
      scene: sceneAt(thumbTime(i)),
      gray: path.join(thumbs, f.replace(/\.jpg$/, '.pgm')),
    }));
    ctx.engine('scenes', 'colour and histogram cut detector');
    return { scenes, cuts: cuts.map(round), samples };
  },
});

/** The cuts kept: no scene shorter than `minScene`, at most MAX_SCENES scenes (strongest cuts win). */
function keepCuts(found: CutCandidate[], duration: number, minScene: number): number[] {
  const strongest = [...found].sort((a, b) => b.score - a.score);
  const kept: number[] = [];
  for (const c of strongest) {
    if (kept.length >= MAX_SCENES - 1) break;
    if (c.time < minScene || duration - c.time < minScene) continue;
    if (kept.some((k) => Math.abs(k - c.time) < minScene)) continue;
    kept.push(c.time);
  }
  return kept.sort((a, b) => a - b);
}

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}
