import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dist = (p) => pathToFileURL(path.join(root, 'dist', p)).href;

/** Frames as detect_scenes samples them: 2 a second, with the grey copy (360 px on its shorter side) the region finder reads. */
export async function sampleFrames(clip, dir) {
  fs.mkdirSync(dir, { recursive: true });
  const filter = await samplingFilter();
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

/**
 * sampleFrames cut once into `dir` and kept there (a `done` file, holding the filter they were cut with, marks a
 * finished cut): the A/B benches' frames. Cut again when the service samples otherwise.
 */
export async function cachedSampleFrames(clip, dir) {
  const done = path.join(dir, 'done');
  const filter = await samplingFilter();
  if (fs.existsSync(done) && fs.readFileSync(done, 'utf8') === filter) return framesIn(dir);
  fs.rmSync(dir, { recursive: true, force: true });
  const frames = await sampleFrames(clip, dir);
  fs.writeFileSync(done, filter);
  return frames;
}

/** The samples' part of detect_scenes' decoding (ffmpeg-video-engine.ts): thumbnails and their grey copies. */
async function samplingFilter() {
  const { shorterSideAtMost } = await import(dist('src/engines/video/ffmpeg-video-engine.js'));
  const { ANALYSIS_SIDE } = await import(dist('src/imaging/text-regions.js'));
  return `[0:v]setpts=PTS-STARTPTS,fps=25,split=2[t][g];[t]fps=2[thumbs];[g]fps=2,${shorterSideAtMost(ANALYSIS_SIDE)},format=gray[gray]`;
}

/** The frames sampleFrames wrote into `dir`, in order, each at its time as detect_scenes gives it. */
async function framesIn(dir) {
  const { sampleTimes } = await import(dist('src/engines/video/ffmpeg-video-engine.js'));
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.jpg'))
    .sort();
  const times = sampleTimes(files.length, 25, 2);
  return files.map((f, i) => ({ time: times[i], path: path.join(dir, f), gray: path.join(dir, f.replace(/\.jpg$/, '.pgm')) }));
}
