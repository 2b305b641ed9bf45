// A/B of the region finder and the crop on the caption families' clips (as bench/caption-regions.mjs counts them): main's
// findTextLayer and binarisedCrop (a copy of main's dist in CAPTION_AB_MAIN, default dist-main/) against this build's, on the same
// cached clips and frames (test-artifacts/caption-ab/), each sample's regions cut by that build's own crop and read
// once (Tesseract reads are cached on disk by the crop's bytes, so a crop both builds cut alike is read once). Per build: caption words read,
// stray words, crops read, per-clip recall median and worst tenth; findTextLayer's process CPU a sample, the two
// builds alternated sample by sample. CAPTION_SEEDS=1,2,3; AB_VERBOSE=1 prints every sample whose regions differ.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { drawClips, installedFonts, makeCaptionClip } from './support/caption-families.mjs';
import { medianAndWorstTenth } from './support/families.mjs';
import { cachedSampleFrames } from './support/sample-frames.mjs';
import { tesseractWords, wordsOf } from './support/tesseract-words.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const mainDist = path.resolve(root, process.env.CAPTION_AB_MAIN ?? 'dist-main');
const seeds = (process.env.CAPTION_SEEDS ?? '1,2,3,4,5').split(',').map(Number);
const count = Number(process.env.CAPTION_CLIPS ?? 40);

const A = await import(pathToFileURL(path.join(mainDist, 'src/imaging/text-regions.js')).href);
const B = await import(pathToFileURL(path.join(root, 'dist/src/imaging/text-regions.js')).href);
const { PHOTOS } = await import(pathToFileURL(path.join(root, 'dist/test/support/reel-clips.js')).href);
const fonts = await installedFonts();
const cacheDir = path.join(root, 'test-artifacts', 'caption-ab');
fs.mkdirSync(cacheDir, { recursive: true });
const readsFile = path.join(cacheDir, 'reads.json');
const reads = fs.existsSync(readsFile) ? JSON.parse(fs.readFileSync(readsFile, 'utf8')) : {};
const cpu = { A: 0, B: 0, n: 0, contrastA: 0, contrastB: 0 };
const tot = { A: blank(), B: blank() };
const clipsRecall = { A: [], B: [] };
let newReads = 0;
function blank() {
  return { frames: 0, words: 0, read: 0, stray: 0, crops: 0 };
}
try {
  for (const seed of seeds) {
    for (const [ci, c] of drawClips(seed, count, fonts, PHOTOS).entries()) {
      const dir = path.join(cacheDir, `${seed}-${c.name.replace(/\W+/g, '-')}`);
      const frames = await cachedSampleFrames(await makeCaptionClip(c, root, PHOTOS), dir);
      const known = new Set(c.captions.flatMap((cap) => cap.lines.flatMap(wordsOf)));
      const clipTally = { A: { w: 0, r: 0 }, B: { w: 0, r: 0 } };
      for (const [fi, f] of frames.entries()) {
        const layers = {};
        for (const k of (fi + ci) % 2 ? ['A', 'B'] : ['B', 'A']) {
          const before = process.cpuUsage();
          layers[k] = await (k === 'A' ? A : B).findTextLayer(f.path, f.gray);
          const used = process.cpuUsage(before);
          cpu[k] += (used.user + used.system) / 1000;
          if (layers[k].regions.some((r) => r.byContrast)) cpu[`contrast${k}`]++;
        }
        cpu.n++;
        const cap = c.captions.find((x) => f.time >= x.from + 0.05 && f.time <= x.to - 0.05);
        const lines = {};
        for (const k of ['A', 'B']) {
          const texts = [];
          for (const r of layers[k].regions) {
            // Each build cuts its own crop; a read is Tesseract's on those bytes, so a crop both cut alike is read once.
            const crop = path.join(cacheDir, `c-${process.pid}.pgm`);
            await (k === 'A' ? A : B).binarisedCrop(f.path, layers[k], r, crop);
            const key = createHash('sha1').update(fs.readFileSync(crop)).digest('hex');
            if (!(key in reads)) {
              reads[key] = tesseractWords(crop).sure;
              newReads++;
            }
            texts.push(reads[key]);
            tot[k].crops++;
          }
          const read = new Set(texts.flatMap(wordsOf));
          tot[k].stray += [...read].filter((w) => !known.has(w)).length;
          if (cap) {
            const truth = cap.lines.flatMap(wordsOf);
            const got = truth.filter((w) => read.has(w)).length;
            tot[k].frames++;
            tot[k].words += truth.length;
            tot[k].read += got;
            clipTally[k].w += truth.length;
            clipTally[k].r += got;
          }
          lines[k] =
            `${layers[k].regions.map((r) => `[${r.left},${r.top},${r.width},${r.height}${r.byContrast ? 'c' : ''}${r.lightBackground ? 'L' : ''}]`).join('')} "${texts.join(' | ')}"`;
        }
        if (process.env.AB_VERBOSE && lines.A !== lines.B)
          console.log(
            `${seed} ${c.name} ${c.family}/${c.style}/${c.colour}/${c.background.label} t=${f.time}\n  A ${lines.A}\n  B ${lines.B}`,
          );
      }
      for (const k of ['A', 'B']) if (clipTally[k].w) clipsRecall[k].push(clipTally[k].r / clipTally[k].w);
      if (clipTally.A.r !== clipTally.B.r)
        console.log(`clip ${seed} ${c.name} (${c.family}, ${c.colour}): words ${clipTally.A.r} -> ${clipTally.B.r} of ${clipTally.A.w}`);
    }
    saveReads();
  }
} finally {
  saveReads();
}
/** The reads cache written back merged with what another run wrote meanwhile. */
function saveReads() {
  const now = fs.existsSync(readsFile) ? JSON.parse(fs.readFileSync(readsFile, 'utf8')) : {};
  fs.writeFileSync(`${readsFile}.tmp`, JSON.stringify({ ...now, ...reads }));
  fs.renameSync(`${readsFile}.tmp`, readsFile);
}
for (const k of ['A', 'B'])
  console.log(
    `${k === 'A' ? 'main  ' : 'branch'} seeds ${seeds.join(',')}: words read ${tot[k].read}/${tot[k].words} in ${tot[k].frames} caption samples, stray ${tot[k].stray}, crops read ${tot[k].crops}; clip recall median ${medianAndWorstTenth(clipsRecall[k]).median.toFixed(2)}, worst tenth ${medianAndWorstTenth(clipsRecall[k]).worstTenth.toFixed(2)}; findTextLayer ${(cpu[k] / cpu.n).toFixed(1)} ms CPU a sample (${cpu.n} samples, ${cpu[`contrast${k}`]} by contrast)`,
  );
console.log(`(${newReads} new Tesseract reads)`);
