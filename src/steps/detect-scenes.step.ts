import path from 'node:path';
import { probeMedia } from '../media/probe-media.js';
import { runProcess } from '../media/run-process.js';
import { defineStep } from './step.js';

interface Scene {
  index: number;
  start: number;
  end: number;
  keyframe_path: string;
  keyframe_time: number;
}

const MAX_SCENES = 60;

export const detectScenesStep = defineStep<{ source: string; threshold?: number; min_scene_seconds?: number }, { scenes: Scene[]; cuts: number[] }>({
  type: 'detect_scenes',
  summary: 'Finds the cuts of a video and extracts one keyframe per scene',
  description:
    "Runs ffmpeg's `scdet` filter on `source` (`threshold`, default 10: lower finds softer cuts) and splits the " +
    'video at the cuts, merging scenes shorter than `min_scene_seconds` (default 0.5) into their neighbour (at most ' +
    `${MAX_SCENES} scenes: the weakest cuts go first). Each scene gets one JPEG keyframe from its middle. ` +
    'Outputs `scenes` [{index, start, end, keyframe_path, keyframe_time}] and `cuts` (seconds).',
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
    required: ['scenes', 'cuts'],
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
    },
  },
  example: `- id: scenes\n  uses: detect_scenes\n  with: { source: "{{steps.video.path}}" }`,
  async run(input, ctx) {
    const { ffmpeg, ffprobe } = ctx.services.media;
    const { duration } = await probeMedia(ffprobe, input.source, ctx.signal);
    const { stderr } = await runProcess(
      ffmpeg,
      ['-hide_banner', '-nostats', '-i', input.source, '-an', '-sn', '-vf', `scale=-2:360,scdet=threshold=${input.threshold ?? 10}`, '-f', 'null', '-'],
      { signal: ctx.signal, name: 'ffmpeg' },
    );
    const found = [...stderr.matchAll(/lavfi\.scd\.score: ([\d.]+), lavfi\.scd\.time: ([\d.]+)/g)].map((m) => ({ score: Number(m[1]), time: Number(m[2]) }));
    const cuts = keepCuts(found, duration, input.min_scene_seconds ?? 0.5);
    const bounds = [0, ...cuts, duration];
    const scenes: Scene[] = bounds.slice(0, -1).map((start, i) => {
      const end = bounds[i + 1];
      return { index: i, start: round(start), end: round(end), keyframe_time: round(start + (end - start) / 2), keyframe_path: path.join(ctx.workDir, `keyframe-${i}.jpg`) };
    });
    // One ffmpeg for every keyframe: an input seek per scene is fast and decodes only near each time.
    const args = ['-v', 'error', '-y'];
    for (const s of scenes) args.push('-ss', String(s.keyframe_time), '-i', input.source);
    scenes.forEach((s, i) => args.push('-map', `${i}:v:0`, '-frames:v', '1', '-q:v', '3', s.keyframe_path));
    await runProcess(ffmpeg, args, { signal: ctx.signal, name: 'ffmpeg' });
    ctx.engine('scenes', 'ffmpeg scdet');
    return { scenes, cuts: cuts.map(round) };
  },
});

/** The cuts kept: no scene shorter than `minScene`, at most MAX_SCENES scenes (strongest cuts win). */
function keepCuts(found: Array<{ score: number; time: number }>, duration: number, minScene: number): number[] {
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
