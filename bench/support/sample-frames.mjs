import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dist = (p) => pathToFileURL(path.join(root, 'dist', p)).href;
const { FfmpegVideoEngine, pictureAt, samplesFrom, samplesIn } = await import(dist('src/engines/video/ffmpeg-video-engine.js'));
const { cutRate } = await import(dist('src/steps/scenes/cut-detector.js'));
const { samplesPerSecond } = await import(dist('src/steps/scenes/detect-scenes.step.js'));
const { ANALYSIS_SIDE } = await import(dist('src/imaging/text-regions.js'));

/** Frames as detect_scenes samples them (samplesPerSecond), with the grey copy (360 px on its shorter side) the region finder reads. */
export async function sampleFrames(clip, dir) {
  fs.mkdirSync(dir, { recursive: true });
  const { rate, perSecond, filter } = await sampling(clip);
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
  return samplesIn(dir, rate, perSecond);
}

/**
 * sampleFrames cut once into `dir` and kept there (a `done` file, holding the filter they were cut with, marks a
 * finished cut): the A/B benches' frames. Cut again when the service samples otherwise.
 */
export async function cachedSampleFrames(clip, dir) {
  const done = path.join(dir, 'done');
  const { rate, perSecond, filter } = await sampling(clip);
  if (fs.existsSync(done) && fs.readFileSync(done, 'utf8') === filter) return samplesIn(dir, rate, perSecond);
  fs.rmSync(dir, { recursive: true, force: true });
  const frames = await sampleFrames(clip, dir);
  fs.writeFileSync(done, filter);
  return frames;
}

/**
 * The samples' part of detect_scenes' decoding of `clip` (ffmpeg-video-engine.ts): thumbnails and their grey copies,
 * taken from the frames at the rate the step decodes the clip at (cutRate).
 */
async function sampling(clip) {
  const video = new FfmpegVideoEngine({ ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' });
  const { frame_rate, duration } = await video.probe(clip, new AbortController().signal);
  const rate = cutRate(frame_rate);
  const perSecond = samplesPerSecond(rate, duration);
  return { rate, perSecond, filter: `${pictureAt(rate)},split=2[t][g];${samplesFrom('t', 'g', perSecond, ANALYSIS_SIDE)}` };
}
