// The caption crop (binarisedCrop) of two builds on the same regions: main's (a copy of main's dist in CAPTION_AB_MAIN,
// default dist-main/) against this build's, every region main's findTextLayer finds on the samples of bench/analyze's
// 60 s clip and of the caption families' clips (CAPTION_SEEDS=1,2; frames cached in test-artifacts/caption-ab/ as
// bench/caption-ab caches them). Counts the crops whose PGM bytes differ (CROP_VERBOSE=1 lists them), and each
// build's process CPU a crop, the builds alternated crop by crop, CROP_ROUNDS rounds (default 3; medians printed),
// and apart for the identical crops and the differing ones (what a change costs everywhere, and where it acts).
// For a change meant to leave the crops as they are: no Tesseract, only bytes and CPU. The crops are cut in a child
// process of their own: cut in the process that had just found the regions, both builds measured 25-50% slower and
// their difference half as large, from one run to the next (cause not found).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { PLAIN_CLIP } from './support/analyze-clip.mjs';
import { drawClips, installedFonts, makeCaptionClip } from './support/caption-families.mjs';
import { cachedSampleFrames } from './support/sample-frames.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const mainDist = path.resolve(root, process.env.CAPTION_AB_MAIN ?? 'dist-main');
const seeds = (process.env.CAPTION_SEEDS ?? '1,2').split(',').map(Number);
const count = Number(process.env.CAPTION_CLIPS ?? 40);
const rounds = Number(process.env.CROP_ROUNDS ?? 3);

if (process.argv[2] === '--cut') {
  await cut(JSON.parse(fs.readFileSync(process.argv[3], 'utf8')));
  process.exit(0);
}
const A = await import(pathToFileURL(path.join(mainDist, 'src/imaging/text-regions.js')).href);
const { PHOTOS } = await import(pathToFileURL(path.join(root, 'dist/test/support/reel-clips.js')).href);
const { makeClip } = await import(pathToFileURL(path.join(root, 'dist/test/support/media.js')).href);
const cacheDir = path.join(root, 'test-artifacts', 'caption-ab');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'crop-ab-'));

const samples = (await cachedSampleFrames(await makeClip(PLAIN_CLIP), path.join(cacheDir, 'bench-60s'))).map((f) => ({
  set: 'bench 60 s',
  ...f,
}));
const fonts = await installedFonts();
for (const seed of seeds) {
  for (const c of drawClips(seed, count, fonts, PHOTOS)) {
    const dir = path.join(cacheDir, `${seed}-${c.name.replace(/\W+/g, '-')}`);
    for (const f of await cachedSampleFrames(await makeCaptionClip(c, root, PHOTOS), dir)) samples.push({ set: `seed ${seed}`, ...f });
  }
}
const crops = [];
for (const s of samples) {
  const layer = await A.findTextLayer(s.path, s.gray);
  // Only the sizes and the region, as the CPU pool's thread gets them (engines/ocr/pooled-text-layers).
  const sizes = { scale: layer.scale, sourceWidth: layer.sourceWidth, sourceHeight: layer.sourceHeight };
  for (const region of layer.regions) crops.push({ set: s.set, path: s.path, layer: sizes, region });
}
const list = path.join(work, 'crops.json');
fs.writeFileSync(list, JSON.stringify({ crops, samples: samples.length }));
try {
  execFileSync(process.execPath, [fileURLToPath(import.meta.url), '--cut', list], { stdio: 'inherit' });
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}

/** Each crop cut by both builds, alternated, CROP_ROUNDS rounds: bytes compared, CPU a crop. */
async function cut({ crops, samples }) {
  const A = await import(pathToFileURL(path.join(mainDist, 'src/imaging/text-regions.js')).href);
  const B = await import(pathToFileURL(path.join(root, 'dist/src/imaging/text-regions.js')).href);
  const out = path.join(path.dirname(process.argv[3]), 'crop.pgm');
  const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
  const sets = [...new Set(crops.map((c) => c.set))];
  const ms = Object.fromEntries(['A', 'B'].flatMap((k) => ['all', ...sets].map((set) => [`${k} ${set}`, []])));
  const differ = new Set();
  // Each crop's CPU over all rounds, by build: the crops a change alters pay for what it does there; the others show
  // what it costs everywhere.
  const perCrop = { A: new Float64Array(crops.length), B: new Float64Array(crops.length) };
  for (let round = 0; round < rounds; round++) {
    const cpu = {};
    for (const [i, c] of crops.entries()) {
      const bytes = {};
      for (const k of (i + round) % 2 ? ['A', 'B'] : ['B', 'A']) {
        const before = process.cpuUsage();
        await (k === 'A' ? A : B).binarisedCrop(c.path, c.layer, c.region, out);
        const used = process.cpuUsage(before);
        perCrop[k][i] += (used.user + used.system) / 1000;
        for (const key of [`${k} all`, `${k} ${c.set}`]) cpu[key] = (cpu[key] ?? 0) + (used.user + used.system) / 1000;
        bytes[k] = fs.readFileSync(out);
      }
      if (!bytes.A.equals(bytes.B)) differ.add(i);
    }
    for (const key of Object.keys(ms)) {
      const set = key.slice(2);
      ms[key].push(cpu[key] / crops.filter((c) => set === 'all' || c.set === set).length);
    }
    console.log(`round ${round + 1}: main ${ms['A all'].at(-1).toFixed(2)} ms a crop, branch ${ms['B all'].at(-1).toFixed(2)} ms`);
  }
  if (process.env.CROP_VERBOSE)
    for (const i of differ) console.log(`differs: ${crops[i].set} ${crops[i].path} ${JSON.stringify(crops[i].region)}`);
  console.log(`${crops.length} crops of ${samples} samples, ${crops.length - differ.size} identical, ${differ.size} differ`);
  for (const [label, pick] of [
    ['identical', (i) => !differ.has(i)],
    ['differing', (i) => differ.has(i)],
  ]) {
    const at = crops.map((_, i) => i).filter(pick);
    if (!at.length) continue;
    const mean = (k) => at.reduce((t, i) => t + perCrop[k][i], 0) / at.length / rounds;
    console.log(
      `  ${label} crops (${at.length}): binarisedCrop CPU, mean of all rounds: main ${mean('A').toFixed(2)} ms a crop, branch ${mean('B').toFixed(2)} ms`,
    );
  }
  for (const set of ['all', ...sets]) {
    const n = crops.filter((c) => set === 'all' || c.set === set).length;
    const [a, b] = [median(ms[`A ${set}`]), median(ms[`B ${set}`])];
    console.log(
      `  ${set} (${n} crops): binarisedCrop CPU, median of ${rounds} rounds: main ${a.toFixed(2)} ms a crop, branch ${b.toFixed(2)} ms`,
    );
  }
}
