import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { FfmpegVideoEngine } from '../../src/engines/video/ffmpeg-video-engine.js';
import { detectScenesStep } from '../../src/steps/scenes/detect-scenes.step.js';
import { fakeTools, runStep, stepContext } from './step-context.js';

const run = promisify(execFile);

/** Screenshots of web pages, with pictures in some (from @vladmandic/human's assets). */
export const SCREENSHOTS = path.resolve('node_modules/@vladmandic/human/assets');

/**
 * A clip of still photos, each looped at `fps` (25 unless given) for its seconds and fed to `graph` as input N
 * (`[N:v]`), whose `[v]` is encoded: how the scene tests draw a case of bench/quality's families.
 */
export async function stillsClip(
  name: string,
  stills: Array<{ photo: string; seconds: number }>,
  graph: string,
  fps = 25,
): Promise<string> {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`)), `${name}.mp4`);
  await run('ffmpeg', [
    ...['-y', '-v', 'error'],
    ...stills.flatMap((s) => ['-loop', '1', '-framerate', String(fps), '-t', String(s.seconds), '-i', s.photo]),
    ...['-filter_complex', graph, '-map', '[v]', '-c:v', 'libx264', '-preset', 'veryfast', out],
  ]);
  return out;
}

/** A still of stillsXfade: its photo, how long it is shown, and a crop taken of it first (an ffmpeg `crop` filter). */
export interface XfadeStill {
  photo: string;
  seconds: number;
  crop?: string;
}

/**
 * Two stills, each framed as the families frame a photo (filling 704x396, cut to 640x360 at 25 fps), joined by ffmpeg's
 * xfade `transition` of `duration` seconds starting at `offset`.
 */
export function stillsXfade(
  name: string,
  stills: [XfadeStill, XfadeStill],
  xfade: { transition: string; duration: number; offset: number },
): Promise<string> {
  const shot = (s: XfadeStill, input: number) =>
    `[${input}:v]${s.crop ? `${s.crop},` : ''}scale=704:396:force_original_aspect_ratio=increase,crop=704:396,setsar=1,crop=640:360,fps=25,format=yuv420p,setsar=1[s${input}]`;
  const join = `[s0][s1]xfade=transition=${xfade.transition}:duration=${xfade.duration}:offset=${xfade.offset},format=yuv420p[v]`;
  return stillsClip(name, stills, [...stills.map(shot), join].join(';'));
}

/** A still as the families' jump cuts frame it: `crop` of `photo`, filling 768x460, cut to 640x360 at (x, y) (ffmpeg expressions of t). */
export interface JumpFraming {
  photo: string;
  seconds: number;
  crop: string;
  x: string;
  y: string;
}

/**
 * Input `input` as the families frame a picture for a camera (bench/support/transition-families.mjs): `crop` of it
 * (an ffmpeg `crop` filter, or none), filling 768x460, then `camera` (filters ending at 640x360), at `fps` (25 unless
 * given). The caller labels the result or goes on filtering it.
 */
export function framedForCamera(input: number, crop: string | undefined, camera: string, fps = 25): string {
  return `[${input}:v]${crop ? `${crop},` : ''}scale=768:460:force_original_aspect_ratio=increase,crop=768:460,setsar=1,${camera},fps=${fps},format=yuv420p,setsar=1`;
}

/** Two framings joined by a hard cut (ffmpeg's concat), at `fps` (25 unless given): how the scene tests draw the families' jump cuts. */
export function stillsJumpCut(name: string, framings: [JumpFraming, JumpFraming], fps = 25): Promise<string> {
  const shot = (f: JumpFraming, input: number) => `${framedForCamera(input, f.crop, `crop=640:360:x='${f.x}':y='${f.y}'`, fps)}[s${input}]`;
  return stillsClip(name, framings, [...framings.map(shot), '[s0][s1]concat=n=2:v=1:a=0,format=yuv420p[v]'].join(';'), fps);
}

/** The scene boundaries the real detect_scenes step and video engine find in `clip`, in seconds. */
export async function sceneBoundaries(clip: string): Promise<number[]> {
  const video = new FfmpegVideoEngine({ ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' });
  return (await runStep(detectScenesStep, { source: clip }, stepContext(fakeTools({ video })))).cuts;
}
