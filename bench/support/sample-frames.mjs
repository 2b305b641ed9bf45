import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dist = (p) => pathToFileURL(path.join(root, 'dist', p)).href;

/** Frames as detect_scenes samples them: 2 a second, with the grey copy (360 px on its shorter side) the region finder reads. */
export async function sampleFrames(clip, dir) {
  const { shorterSideAtMost } = await import(dist('src/engines/video/ffmpeg-video-engine.js'));
  const { ANALYSIS_SIDE } = await import(dist('src/imaging/text-regions.js'));
  fs.mkdirSync(dir, { recursive: true });
  const filter = `[0:v]split=2[t][g];[t]fps=2[thumbs];[g]fps=2,${shorterSideAtMost(ANALYSIS_SIDE)},format=gray[gray]`;
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-i',
    clip,
    '-filter_complex',
    filter,
    '-map',
    '[thumbs]',
    '-q:v',
    '3',
    `${dir}/%06d.jpg`,
    '-map',
    '[gray]',
    `${dir}/%06d.pgm`,
  ]);
  return framesIn(dir);
}

/** sampleFrames cut once into `dir` and kept there (a `done` file marks a finished cut): the A/B benches' frames. */
export async function cachedSampleFrames(clip, dir) {
  if (fs.existsSync(path.join(dir, 'done'))) return framesIn(dir);
  const frames = await sampleFrames(clip, dir);
  fs.writeFileSync(path.join(dir, 'done'), '');
  return frames;
}

/** The frames sampleFrames wrote into `dir`, in order. */
function framesIn(dir) {
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.jpg'))
    .sort()
    .map((f, i) => ({ time: i / 2, path: path.join(dir, f), gray: path.join(dir, f.replace(/\.jpg$/, '.pgm')) }));
}
