// The cut detector alone on the families-cuts clips (bench/support/transition-families.mjs, made and cached by
// `QUALITY_ONLY=families-cuts`), for A/B runs of two builds on the same frames: found, false, and the detector's CPU a
// second of video. node bench/support/cuts-alone.mjs <dist> seeds... The frames are those the build's own video engine
// hands detect_scenes (decodeForScenes) at the rate its step chooses for the clip (cutRate; 25 in builds before it),
// cached per clip and rate.
// Builds before its port handed {tiny, fine} frames (h56-frames), those before the structure check among them, cannot be run.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { medianAndWorstTenth } from './families.mjs';
import { clipFile, drawFamilies, score } from './transition-families.mjs';

const [distDir, ...seeds] = process.argv.slice(2);
const load = (p) => import(pathToFileURL(path.join(distDir, p)).href);
const detectorModule = await load('src/steps/scenes/cut-detector.js');
const { CutDetector, CUT_FRAME_WIDTH, CUT_FRAME_HEIGHT, CUT_FINE_WIDTH, CUT_FINE_HEIGHT } = detectorModule;
const cutRate = detectorModule.cutRate ?? (() => 25);
const { FfmpegVideoEngine } = await load('src/engines/video/ffmpeg-video-engine.js');
const video = new FfmpegVideoEngine({ ffmpeg: process.env.FFMPEG_PATH || 'ffmpeg', ffprobe: process.env.FFPROBE_PATH || 'ffprobe' });
const [tiny, fine] = [
  { width: CUT_FRAME_WIDTH, height: CUT_FRAME_HEIGHT },
  { width: CUT_FINE_WIDTH, height: CUT_FINE_HEIGHT },
];
const [TINY, FINE] = [tiny.width * tiny.height * 3, fine.width * fine.height * 3];
const FRAMES = path.join(os.tmpdir(), 'cuts-alone-frames');
fs.mkdirSync(FRAMES, { recursive: true });
/** A clip's frames as the engine hands them over, each its tiny picture then its fine one (cached). */
async function frames(file, rate) {
  const cache = path.join(FRAMES, `${path.basename(file, '.mp4')}-${tiny.width}x${tiny.height}+${fine.width}x${fine.height}@${rate}.rgb`);
  if (!fs.existsSync(cache)) {
    const thumbsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cuts-alone-thumbs-'));
    const got = [];
    const job = { source: file, cutFps: rate, cutTiny: tiny, cutFine: fine, thumbFps: 0.5, graySide: 64, thumbsDir };
    await video.decodeForScenes({ ...job, onCutFrame: (f) => got.push(f.tiny, f.fine), signal: new AbortController().signal });
    fs.rmSync(thumbsDir, { recursive: true, force: true });
    fs.writeFileSync(`${cache}.tmp`, Buffer.concat(got));
    fs.renameSync(`${cache}.tmp`, cache);
  }
  return fs.readFileSync(cache);
}
function keepCuts(found, duration, minScene) {
  const kept = [];
  for (const c of [...found].sort((a, b) => b.score - a.score)) {
    if (c.time < minScene || duration - c.time < minScene) continue;
    if (kept.some((k) => Math.abs(k - c.time) < minScene)) continue;
    kept.push(c.time);
  }
  return kept.sort((a, b) => a - b);
}
let cpu = 0;
let seconds = 0;
const all = [];
for (const seed of seeds.map(Number)) {
  let hits = 0,
    truth = 0,
    falses = 0;
  const rows = [];
  for (const [n, clip] of drawFamilies(seed).entries()) {
    const file = clipFile(clip);
    if (!file) {
      console.log(`  ${seed}#${n} not rendered`);
      continue;
    }
    const rate = cutRate((await video.probe(file, new AbortController().signal)).frame_rate ?? null);
    const buf = await frames(file, rate);
    const duration = buf.length / (TINY + FINE) / rate;
    const t0 = process.cpuUsage();
    const d = new CutDetector(rate);
    for (let i = 0; i < buf.length; i += TINY + FINE)
      d.push({ tiny: buf.subarray(i, i + TINY), fine: buf.subarray(i + TINY, i + TINY + FINE) });
    const cuts = keepCuts(d.boundaries(0.3, duration), duration, 0.5).map((t) => Math.round(t * 1000) / 1000);
    const u = process.cpuUsage(t0);
    cpu += (u.user + u.system) / 1000;
    seconds += duration;
    const s = score(clip.truth, cuts);
    hits += s.hits;
    truth += clip.truth.length;
    falses += s.false;
    rows.push({ ...s, truth: clip.truth.length, minutes: duration / 60 });
    const what = clip.join?.xfade ?? clip.shots.map((x) => x.camera.kind).join('+');
    const pics = clip.shots.map((x) => path.basename(x.photo ?? x.source)).join('>');
    if (s.hits < clip.truth.length || s.false > 0)
      console.log(
        `  ${seed}#${n} ${clip.family} (${what}${clip.join ? ` ${clip.join.seconds.toFixed(2)} s` : ''}) ${pics} truth ${JSON.stringify(clip.truth.map((t) => +t.toFixed(2)))} found ${JSON.stringify(cuts)}`,
      );
  }
  all.push(...rows);
  console.log(`seed ${seed}: found ${hits}/${truth}, false ${falses}`);
}
const rec = medianAndWorstTenth(
  all.filter((x) => x.truth > 0).map((x) => x.hits / x.truth),
  true,
);
const fam = medianAndWorstTenth(
  all.map((x) => x.false / x.minutes),
  false,
);
console.log(
  `recall median ${rec.median.toFixed(2)} worst tenth ${rec.worstTenth.toFixed(2)}; false a minute median ${fam.median.toFixed(1)} worst tenth ${fam.worstTenth.toFixed(1)}`,
);
console.log(`CPU ${(cpu / seconds).toFixed(2)} ms a second of video (${seconds.toFixed(0)} s)`);
