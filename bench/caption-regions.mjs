// Where the region finder looks on the caption families' clips (bench/support/caption-families.mjs), frame by frame,
// without the step's tracking and vote: each sample (2 a second, with the grey copy, as the service samples) that
// shows a caption is classed as found (a region on the caption's lines), elsewhere (regions, none on the caption) or
// none (no region), and every region is cut and read once by Tesseract (--psm 6, words of 50% confidence or more),
// for the caption's words read (recall a frame), those read only under 50% confidence, and words no caption holds;
// then findTextLayer's time a sample and the crops read. CAPTION_SEEDS=1,2,3 (the seeds' clips, made and cached as
// the bench makes them); REGIONS_VERBOSE=1 prints every frame.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { drawClips, installedFonts, makeCaptionClip } from './support/caption-families.mjs';
import { sampleFrames } from './support/sample-frames.mjs';
import { tesseractWords, wordsOf } from './support/tesseract-words.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = (p) => pathToFileURL(path.join(root, 'dist', p)).href;
const seeds = (process.env.CAPTION_SEEDS ?? '1,2,3,4,5').split(',').map(Number);
const count = Number(process.env.CAPTION_CLIPS ?? 40);

const { findTextLayer, binarisedCrop } = await import(dist('src/imaging/text-regions.js'));
const { PHOTOS } = await import(dist('test/support/reel-clips.js'));
const fonts = await installedFonts();
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'caption-regions-'));
const tally = {};
let layerMs = 0;
let layers = 0;
let crops = 0;
try {
  for (const seed of seeds) {
    for (const c of drawClips(seed, count, fonts, PHOTOS)) {
      const file = await makeCaptionClip(c, root, PHOTOS);
      const frames = await sampleFrames(file, path.join(work, `${seed}-${c.name.replace(/\W+/g, '-')}`));
      const t = (tally[c.family] ??= { frames: 0, found: 0, elsewhere: 0, none: 0, words: 0, read: 0, unsure: 0, stray: 0 });
      const known = new Set(c.captions.flatMap((cap) => cap.lines.flatMap(wordsOf)));
      for (const f of frames) {
        const before = performance.now();
        const layer = await findTextLayer(f.path, f.gray);
        layerMs += performance.now() - before;
        layers++;
        const texts = [];
        const anyConfidence = [];
        for (const r of layer.regions) {
          await binarisedCrop(f.path, layer, r, path.join(work, 'c.pgm'));
          crops++;
          const both = tesseractWords(path.join(work, 'c.pgm'));
          texts.push(both.sure);
          anyConfidence.push(both.all);
        }
        const read = new Set(texts.flatMap(wordsOf));
        const stray = [...read].filter((w) => !known.has(w));
        t.stray += stray.length;
        const cap = c.captions.find((x) => f.time >= x.from + 0.05 && f.time <= x.to - 0.05);
        if (!cap) continue;
        const band = truthBox(c, cap);
        const on = layer.regions.some((r) => overlaps(band, r, layer.scale));
        const kind = on ? 'found' : layer.regions.length ? 'elsewhere' : 'none';
        t.frames++;
        t[kind]++;
        const truth = cap.lines.flatMap(wordsOf);
        t.words += truth.length;
        t.read += truth.filter((w) => read.has(w)).length;
        const readAll = new Set(anyConfidence.flatMap(wordsOf));
        t.unsure += truth.filter((w) => readAll.has(w) && !read.has(w)).length;
        if (process.env.REGIONS_VERBOSE)
          console.log(
            `${seed} ${c.name.padEnd(16)} ${c.family.padEnd(13)} ${c.style.padEnd(12)} ${String(c.size).padStart(3)}px ${c.colour.padEnd(8)} ${c.background.label.padEnd(16)} t=${f.time.toFixed(1)} ${kind.padEnd(9)} ` +
              `truth=[${band.map((v) => Math.round(v / layer.scale)).join(',')}] regions=${layer.regions.map((r) => `[${r.left},${r.top},${r.width},${r.height}${r.byContrast ? 'c' : ''}${r.lightBackground ? 'L' : ''}]`).join('')} ` +
              `words ${truth.filter((w) => read.has(w)).length}/${truth.length} read="${texts.join(' | ')}"${stray.length ? ` stray=${stray.join(' ')}` : ''}  ${path.basename(file)}`,
          );
      }
    }
  }
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
let all = { frames: 0, found: 0, elsewhere: 0, none: 0, words: 0, read: 0, unsure: 0, stray: 0 };
for (const [family, t] of Object.entries(tally)) {
  console.log(
    `${family.padEnd(14)} frames ${t.frames}: found ${t.found}, elsewhere ${t.elsewhere}, none ${t.none}; words read ${t.read}/${t.words} (${(t.read / t.words).toFixed(2)}), more under 50% confidence ${t.unsure}; stray ${t.stray}`,
  );
  all = Object.fromEntries(Object.keys(all).map((k) => [k, all[k] + t[k]]));
}
console.log(
  `${'all'.padEnd(14)} frames ${all.frames}: found ${all.found}, elsewhere ${all.elsewhere}, none ${all.none}; words read ${all.read}/${all.words} (${(all.read / all.words).toFixed(2)}), more under 50% confidence ${all.unsure}; stray ${all.stray}`,
);
console.log(`findTextLayer ${(layerMs / layers).toFixed(1)} ms a sample (${layers} samples), ${crops} crops read`);

/** The caption's lines in source pixels: [left, top, right, bottom], as drawText places them (widths estimated). */
function truthBox(c, cap) {
  const longest = Math.max(...cap.lines.map((l) => l.length));
  const fit = Math.min(c.size, Math.floor((0.9 * c.w) / (0.62 * longest)));
  const width = 0.55 * fit * longest;
  const left = cap.left ? Math.round(c.w * 0.06) : (c.w - width) / 2;
  const height = fit * (1 + 1.35 * (cap.lines.length - 1));
  return [left, cap.y, left + width, cap.y + height];
}

/** A region (analysis pixels) on the caption: it overlaps the caption's box across, and down by 0.3 of the lower of the two. */
function overlaps([l, t, r, b], region, s) {
  const [rl, rt, rr, rb] = [region.left * s, region.top * s, (region.left + region.width) * s, (region.top + region.height) * s];
  return Math.min(r, rr) > Math.max(l, rl) && Math.min(b, rb) - Math.max(t, rt) >= 0.3 * Math.min(b - t, rb - rt);
}
