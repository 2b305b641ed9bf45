import fs from 'node:fs/promises';
import path from 'node:path';
import { ANALYSIS_SIDE } from '../../imaging/text-regions.js';
import { defineStep } from '../step.js';
import {
  CUT_FINE_HEIGHT,
  CUT_FINE_WIDTH,
  CUT_FRAME_HEIGHT,
  CUT_FRAME_WIDTH,
  type CutCandidate,
  CutDetector,
  cutRate,
} from './cut-detector.js';
import { detectScenesSpec, MAX_SAMPLES, MAX_SCENES } from './detect-scenes.spec.js';

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

export const detectScenesStep = defineStep<
  { source: string; threshold?: number; min_scene_seconds?: number },
  { scenes: Scene[]; cuts: number[]; samples: Sample[] }
>({
  ...detectScenesSpec,
  async run(input, ctx) {
    const { video } = ctx.tools;
    const { duration, frame_rate } = await video.probe(input.source, ctx.signal);
    // One decoding pass: tiny frames stream to the cut detector while thumbnails are written at a low rate;
    // each scene's keyframe is then the thumbnail nearest its middle (seeking back into the file per scene
    // would decode from the previous keyframe again, for every scene).
    const cutFps = cutRate(frame_rate);
    const fps = samplesPerSecond(cutFps, duration);
    const thumbs = path.join(ctx.workDir, 'samples');
    await fs.mkdir(thumbs, { recursive: true });
    const detector = new CutDetector(cutFps);
    const decoded = await video.decodeForScenes({
      source: input.source,
      cutFps,
      cutTiny: { width: CUT_FRAME_WIDTH, height: CUT_FRAME_HEIGHT },
      cutFine: { width: CUT_FINE_WIDTH, height: CUT_FINE_HEIGHT },
      onCutFrame: (frame) => detector.push(frame),
      thumbFps: fps,
      graySide: ANALYSIS_SIDE,
      thumbsDir: thumbs,
      signal: ctx.signal,
    });
    const cuts = keepCuts(detector.boundaries((input.threshold ?? 30) / 100, duration), duration, input.min_scene_seconds ?? 0.5);
    const bounds = [0, ...cuts, duration];
    const times = decoded.map((d) => d.time);
    const scenes: Scene[] = [];
    for (let i = 0; i < bounds.length - 1; i++) {
      const [start, end] = [bounds[i], bounds[i + 1]];
      const best = nearest(times, start + (end - start) / 2, start, end);
      const keyframe_path = path.join(ctx.workDir, `keyframe-${i}.jpg`);
      await fs.copyFile(decoded[best].path, keyframe_path);
      scenes.push({
        index: i,
        start: round(start),
        end: round(end),
        keyframe_time: round(Math.min(Math.max(times[best], start), end)),
        keyframe_path,
      });
    }
    const sceneAt = (t: number) =>
      Math.max(
        0,
        scenes.findIndex((s) => t >= s.start && t < s.end),
      );
    const samples = decoded.map((d) => ({ time: round(d.time), path: d.path, scene: sceneAt(d.time), gray: d.gray }));
    ctx.engine('scenes', 'colour and histogram cut detector');
    return { scenes, cuts: cuts.map(round), samples };
  },
});

/**
 * The thumbnails a second of a video `duration` s long whose frames are decoded at `cutFps`: two, at most MAX_SAMPLES
 * over the video, and no more often than the frames come (a slideshow at 1 a second would give each frame twice).
 */
export function samplesPerSecond(cutFps: number, duration: number): number {
  return Math.min(2, cutFps, MAX_SAMPLES / Math.max(duration, 1));
}

/**
 * Of the thumbnails at `times`, the index of the one nearest `middle`; one inside [start, end) first (a short scene may
 * fall between two thumbnails).
 */
function nearest(times: number[], middle: number, start: number, end: number): number {
  let best = 0;
  const rank = (i: number) => [times[i] >= start && times[i] < end ? 0 : 1, Math.abs(times[i] - middle)];
  for (let i = 1; i < times.length; i++) {
    const [a, b] = [rank(i), rank(best)];
    if (a[0] < b[0] || (a[0] === b[0] && a[1] < b[1])) best = i;
  }
  return best;
}

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
