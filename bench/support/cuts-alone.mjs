// The cut detector alone on the families-cuts clips (bench/support/transition-families.mjs, made and cached by
// `QUALITY_ONLY=families-cuts`), for A/B runs of two builds on the same frames: found, false, and the detector's CPU a
// second of video. node bench/support/cuts-alone.mjs <dist> <width> <height> seeds... (96 81: the frames as
// detect_scenes hands them over since the structure check; 48 27: builds before it).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { medianAndWorstTenth } from './families.mjs';
import { clipFile, drawFamilies, score } from './transition-families.mjs';

const [distDir, w, h, ...seeds] = process.argv.slice(2);
const { CutDetector } = await import(pathToFileURL(path.join(distDir, 'src/steps/scenes/cut-detector.js')).href);
const [W, H] = [Number(w), Number(h)];
const FRAMES = path.join(os.tmpdir(), 'cuts-alone-frames');
fs.mkdirSync(FRAMES, { recursive: true });
function frames(file) {
  const cache = path.join(FRAMES, `${path.basename(file, '.mp4')}-${W}x${H}.rgb`);
  const vf =
    H === 81
      ? 'fps=25,split[cf][ct];[cf]scale=96:54:flags=area[f];[ct]scale=48:27:flags=area,pad=96:27[ft];[f][ft]vstack,format=rgb24'
      : `fps=25,scale=${W}:${H}:flags=area,format=rgb24`;
  if (!fs.existsSync(cache))
    execFileSync('ffmpeg', ['-v', 'error', '-i', file, '-an', '-filter_complex', `[0:v]${vf}`, '-f', 'rawvideo', cache]);
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
    const buf = frames(file);
    const duration = buf.length / (W * H * 3) / 25;
    const t0 = process.cpuUsage();
    const d = new CutDetector(25);
    for (let i = 0; i < buf.length; i += 7001) d.push(buf.subarray(i, i + 7001));
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
