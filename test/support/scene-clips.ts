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
 * A clip of still photos, each looped at 25 fps for its seconds and fed to `graph` as input N (`[N:v]`), whose
 * `[v]` is encoded: how the scene tests draw a case of bench/quality's families.
 */
export async function stillsClip(name: string, stills: Array<{ photo: string; seconds: number }>, graph: string): Promise<string> {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`)), `${name}.mp4`);
  await run('ffmpeg', [
    ...['-y', '-v', 'error'],
    ...stills.flatMap((s) => ['-loop', '1', '-framerate', '25', '-t', String(s.seconds), '-i', s.photo]),
    ...['-filter_complex', graph, '-map', '[v]', '-c:v', 'libx264', '-preset', 'veryfast', out],
  ]);
  return out;
}

/** The scene boundaries the real detect_scenes step and video engine find in `clip`, in seconds. */
export async function sceneBoundaries(clip: string): Promise<number[]> {
  const video = new FfmpegVideoEngine({ ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' });
  return (await runStep(detectScenesStep, { source: clip }, stepContext(fakeTools({ video })))).cuts;
}
