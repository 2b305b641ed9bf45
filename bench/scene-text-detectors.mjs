// A scene-text detector (PP-OCRv4 through @gutenye/ocr-node) against the service's region finder, on the frames of
// bench/quality's reels (bench/support/reel-kinds.mjs: outlined captions on still photos, over moving photos, over
// busy textures, with signs under a slow camera; tuned and held-out halves apart), sampled as the service samples
// them (2 a second, with the grey copy). Per frame that shows a caption, one reading each, no vote:
//  - region finder + binarised crop + Tesseract (the service today);
//  - PP-OCRv4 detection and recognition (its recogniser drops the spaces between English words);
//  - PP-OCRv4 detection, Tesseract on the grey crop of each box;
//  - PP-OCRv4 detection, the service's binarised crop of each box, Tesseract;
//  - PP-OCRv4 detection alone (its cost).
// Prints frames whose caption was read word for word, words read that no caption holds, and CPU per frame (this
// process and the Tesseract processes it waited for). Not a dependency of the service: install it apart and point
// SCENE_TEXT_DETECTOR_DIR at that directory
//   mkdir /tmp/ppocr && cd /tmp/ppocr && ONNXRUNTIME_NODE_INSTALL=skip npm install @gutenye/ocr-node
// (onnxruntime-node's install script downloads unless told to skip; its CPU build ships in the package). Skipped
// without it.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { processCpuMs } from './support/process-cpu.mjs';
import { sampleFrames } from './support/sample-frames.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = (p) => pathToFileURL(path.join(root, 'dist', p)).href;
const detectorDir = process.env.SCENE_TEXT_DETECTOR_DIR;

if (!detectorDir) {
  console.log('bench/scene-text-detectors: skipped (set SCENE_TEXT_DETECTOR_DIR to a directory where @gutenye/ocr-node is installed)');
} else {
  await main().catch((err) => {
    console.error(`bench/scene-text-detectors: ERROR ${err?.stack ?? err}`);
    process.exitCode = 2;
  });
}

async function main() {
  const { HALVES, reelKinds } = await import('./support/reel-kinds.mjs');
  const { makeReel } = await import(dist('test/support/reel-clips.js'));
  const variants = await detectors();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'scene-text-'));
  try {
    for (const half of Object.keys(HALVES)) {
      const totals = {};
      for (const kind of reelKinds(half)) {
        const frames = await sampleFrames(await makeReel(kind.spec), path.join(work, `${half}-${kind.name}`.replace(/\W+/g, '-')));
        const words = new Set(kind.spec.captions.flatMap((c) => c.text.split(' ')));
        for (const [name, read] of Object.entries(variants)) {
          const t = (totals[name] ??= { frames: 0, exact: 0, stray: 0, cpu: 0 });
          const s = { frames: 0, exact: 0, stray: [], cpu: 0 };
          for (const f of frames) {
            const caption = kind.spec.captions.find((c) => f.time >= c.from && f.time < c.to);
            const before = cpuMs();
            const texts = await read(f, work);
            s.cpu += cpuMs() - before;
            s.frames++;
            if (caption && texts.some((x) => normal(x) === caption.text)) s.exact++;
            s.stray.push(...texts.flatMap((x) => normal(x).split(' ')).filter((w) => w && !words.has(w)));
          }
          Object.assign(t, { frames: t.frames + s.frames, exact: t.exact + s.exact, stray: t.stray + s.stray.length, cpu: t.cpu + s.cpu });
          console.log(
            `${half.padEnd(8)} ${kind.name.padEnd(24)} ${name.padEnd(46)} read word for word ${s.exact}/${s.frames}  ` +
              `words no caption holds ${s.stray.length}${s.stray.length ? ` (${s.stray.slice(0, 5).join(' ')})` : ''}  CPU ${(s.cpu / s.frames).toFixed(0)} ms a frame`,
          );
        }
      }
      for (const [name, t] of Object.entries(totals))
        console.log(
          `${half.padEnd(8)} ${'all'.padEnd(24)} ${name.padEnd(46)} read word for word ${t.exact}/${t.frames}  words no caption holds ${t.stray}  CPU ${(t.cpu / t.frames).toFixed(0)} ms a frame`,
        );
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** The ways of reading a frame, each giving the texts it read. */
async function detectors() {
  const require = createRequire(path.join(path.resolve(detectorDir), 'package.json'));
  const { default: Ocr } = await import(pathToFileURL(require.resolve('@gutenye/ocr-node')).href);
  // The detector alone is not exported: its module sits beside the package's entry (same module instance).
  const common = path.dirname(require.resolve('@gutenye/ocr-common'));
  const { Detection } = await import(pathToFileURL(path.join(common, 'models/Detection.js')).href);
  const ppocr = await Ocr.create();
  const detection = await Detection.create({});
  const { findTextLayer, binarisedCrop } = await import(dist('src/imaging/text-regions.js'));
  const sharp = (await import('sharp')).default;
  const crops = async (f) => {
    const meta = await sharp(f.path).metadata();
    return (await detection.run(f.path)).map((l) => boxOf(l.box, meta)).filter((b) => b.width >= 8 && b.height >= 8);
  };
  return {
    'region finder + binarised crop + Tesseract': async (f, work) => {
      const layer = await findTextLayer(f.path, f.gray);
      const out = [];
      for (const r of layer.regions) {
        await binarisedCrop(f.path, layer, r, path.join(work, 'c.png'));
        out.push(tesseract(path.join(work, 'c.png'), 6, false));
      }
      return out;
    },
    'PP-OCRv4 detection and recognition': async (f) => (await ppocr.detect(f.path)).map((l) => l.text),
    'PP-OCRv4 detection + Tesseract (grey crop)': async (f, work) => {
      const out = [];
      for (const b of await crops(f)) {
        await sharp(f.path)
          .extract(b)
          .greyscale()
          .resize({ height: Math.max(b.height, 48) })
          .toFile(path.join(work, 'd.png'));
        out.push(tesseract(path.join(work, 'd.png'), 7, true));
      }
      return out;
    },
    'PP-OCRv4 detection + binarised crop + Tesseract': async (f, work) => {
      const layer = await findTextLayer(f.path, f.gray);
      const out = [];
      for (const b of await crops(f)) {
        await binarisedCrop(f.path, layer, regionOf(b, layer.scale), path.join(work, 'e.png'));
        out.push(tesseract(path.join(work, 'e.png'), 6, false));
      }
      return out;
    },
    'PP-OCRv4 detection alone': async (f) => {
      await detection.run(f.path);
      return [];
    },
  };
}

/** Words Tesseract read with at least 50% confidence (the service's bar), one text per image. */
function tesseract(image, psm, invert) {
  const args = [image, '-', '--psm', String(psm), ...(invert ? [] : ['-c', 'tessedit_do_invert=0']), 'tsv'];
  return execFileSync('tesseract', args, { stdio: ['ignore', 'pipe', 'ignore'] })
    .toString()
    .split('\n')
    .map((row) => row.split('\t'))
    .filter((c) => c[0] === '5' && c[11]?.trim() && Number(c[10]) >= 50)
    .map((c) => c[11].trim())
    .join(' ');
}

/** A detector's quadrilateral as a box in frame pixels: the model reads the frame stretched to multiples of 32 pixels, and its boxes are in those. */
function boxOf(points, meta) {
  const [sx, sy] = [meta.width / (Math.ceil(meta.width / 32) * 32), meta.height / (Math.ceil(meta.height / 32) * 32)];
  const xs = points.map((p) => p[0] * sx);
  const ys = points.map((p) => p[1] * sy);
  const left = Math.max(0, Math.floor(Math.min(...xs)) - 4);
  const top = Math.max(0, Math.floor(Math.min(...ys)) - 4);
  return {
    left,
    top,
    width: Math.min(meta.width - left, Math.ceil(Math.max(...xs)) - left + 4),
    height: Math.min(meta.height - top, Math.ceil(Math.max(...ys)) - top + 4),
  };
}

/** A detector's box (frame pixels) as a region of light text for the service's crop (analysis pixels). */
function regionOf(b, scale) {
  const [left, top] = [Math.floor(b.left / scale), Math.floor(b.top / scale)];
  return {
    left,
    top,
    width: Math.ceil(b.width / scale),
    height: Math.ceil(b.height / scale),
    lightBackground: false,
    line: (0.8 * b.height) / scale,
  };
}

function normal(text) {
  return text
    .toUpperCase()
    .replace(/[^A-Z0-9 ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** CPU milliseconds of this process and of the children it waited for (Tesseract). */
function cpuMs() {
  const cpu = processCpuMs();
  return cpu.own + cpu.children;
}
