import fs from 'node:fs/promises';
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
    `${MAX_SCENES} scenes: the weakest cuts go first). Each scene gets one JPEG keyframe near its middle (frames are ` +
    'sampled at up to 2 per second in the same decoding pass). ' +
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
    // One decoding pass: scdet finds the cuts while thumbnails are written at a low rate; each scene's
    // keyframe is then the thumbnail nearest its middle (seeking back into the file per scene would
    // decode from the previous keyframe again, for every scene).
    const fps = Math.min(2, 240 / Math.max(duration, 1));
    const thumbs = path.join(ctx.workDir, 'thumbs');
    await fs.mkdir(thumbs, { recursive: true });
    const { stderr } = await runProcess(
      ffmpeg,
      [
        '-hide_banner', '-nostats', '-i', input.source, '-an', '-sn',
        '-filter_complex', `[0:v]split[s][t];[s]scdet=threshold=${input.threshold ?? 10}[cuts];[t]fps=${fps.toFixed(4)}[thumbs]`,
        '-map', '[cuts]', '-f', 'null', '-',
        '-map', '[thumbs]', '-q:v', '3', path.join(thumbs, '%06d.jpg'),
      ],
      { signal: ctx.signal, name: 'ffmpeg', background: true },
    );
    const found = [...stderr.matchAll(/lavfi\.scd\.score: ([\d.]+), lavfi\.scd\.time: ([\d.]+)/g)].map((m) => ({ score: Number(m[1]), time: Number(m[2]) }));
    const cuts = keepCuts(found, duration, input.min_scene_seconds ?? 0.5);
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
      scenes.push({ index: i, start: round(start), end: round(end), keyframe_time: round(Math.min(Math.max(thumbTime(best), start), end)), keyframe_path });
    }
    await fs.rm(thumbs, { recursive: true, force: true });
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
