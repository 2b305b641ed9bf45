// Caption families (issue 39): captions drawn at random from families wider than the team's own style (white,
// outlined, upper case, mid-frame), each clip 3 s, made with ffmpeg drawtext over real photographs or lavfi sources
// and read by the whole /analyze. Every clip draws its font (any font fc-list shows), language (English, Italian,
// Portuguese, Spanish, French), case, colour, background, camera and frame shape; its family fixes the rest:
//  - reel middle: the team's style (white, outlined, mid-frame), the control;
//  - bottom mixed: mixed or lower case near the bottom, outline, shadow or nothing;
//  - lower third: a small name and role, left-aligned in the lower third, on a box, with a shadow or plain;
//  - top title: a caption near the top, any style;
//  - pops: one-word captions of about half a second each, large;
//  - shadow bright: yellow or white text with a drop shadow over a bright picture;
//  - two lines: a caption of two lines;
//  - box: text on a solid box (light on dark or dark on light).
// Every caption is drawn whole inside the frame: its size fits its measured width into 90% of the frame's, and its
// lines are moved up to end above the bottom (DRAWING, in each clip's cache key).
// Per clip: word recall (a caption's words read at its time), captions word for word, and words reported that no
// caption of the clip holds (stray; goal 0). Per family and overall: median and worst tenth (families.mjs).
// CAPTION_CLIPS=<n> sets the number of clips (40 by default, five a family), QUALITY_SEED the seed; CAPTION_FAMILIES=pops,box
// runs only those families' clips of the same draw (the clips and their figures are the ones the whole run gives).
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { familyLine, runSeed, seededRandom } from './families.mjs';

const run = promisify(execFile);
const SECONDS = 3;

const PHRASES = {
  en: [
    'fresh bread every morning',
    'meet the new team',
    'this changed my life',
    'wait for the end',
    'three easy steps',
    'best coffee in town',
    'how we built it',
    'follow for part two',
  ],
  it: ['la ricetta della nonna', 'buongiorno a tutti', 'città più bella', 'pasta fatta in casa', 'il segreto è qui'],
  pt: ['receita fácil de pão', 'olá pessoal', 'não perca o final', 'melhor café da cidade', 'dicas de viagem'],
  es: ['la mejor receta', 'hola a todos', 'cómo lo hicimos', 'espera el final', 'tres pasos fáciles'],
  fr: ['bonjour à tous', 'la recette facile', 'très bonne idée', 'attendez la fin', 'le meilleur café'],
};
const NAMES = ['Maria Rossi', 'João Silva', 'Anna Schmidt', 'David Chen', 'Lucía Gómez', 'Pierre Martin'];
const ROLES = ['Head Chef', 'Product Designer', 'Travel Writer', 'Founder and CEO', 'Street Artist', 'Data Scientist'];
const COLOURS = ['white', 'white', '0xffe000', '0x40e0ff', '0xff4040', '0x80ff60'];

export const FAMILIES = ['reel middle', 'bottom mixed', 'lower third', 'top title', 'pops', 'shadow bright', 'two lines', 'box'];

/** Runs the evaluation: `startPipelines` and `dist` are bench/quality's. */
export async function captionFamilies({ dist, startPipelines, root }) {
  const seed = runSeed();
  const count = Number(process.env.CAPTION_CLIPS ?? 40);
  const { PHOTOS } = await import(dist('test/support/reel-clips.js'));
  const only = process.env.CAPTION_FAMILIES?.split(',').map((f) => f.trim());
  const unknown = only?.filter((f) => !FAMILIES.includes(f)) ?? [];
  if (unknown.length) throw new Error(`CAPTION_FAMILIES: no family ${unknown.join(', ')} (${FAMILIES.join(', ')})`);
  const clips = drawClips(seed, count, await installedFonts(), PHOTOS).filter((c) => !only || only.includes(c.family));
  const files = {};
  for (const c of clips) files[c.name] = await makeCaptionClip(c, root, PHOTOS);
  const service = await startPipelines(files);
  const rows = [];
  try {
    for (const c of clips) {
      let items = [];
      try {
        const job = await service.run('/analyze', c.name);
        items = job.result.on_screen_text ?? [];
        // The ocr step's wall-time budget skips regions on a loaded machine: say so, the figures then undercount.
        for (const w of job.warnings ?? []) if (/not read/.test(w.message)) console.log(`${c.name} SKIPPED: ${w.message}`);
      } catch (err) {
        console.log(`${c.name} FAILED: ${err.message}`);
      }
      const score = scoreClip(c, items);
      rows.push({ family: c.family, ...score });
      console.log(
        `${c.name.padEnd(30)} ${describe(c).padEnd(70)} recall ${score.recall.toFixed(2)}  word for word ${score.exact.toFixed(2)}  stray ${score.stray.length}${score.stray.length ? ` (${score.stray.slice(0, 5).join(' ')})` : ''}`,
      );
      if (process.env.CAPTION_VERBOSE)
        console.log(
          `   ${files[c.name]}\n   read: ${items.map((l) => `[${l.start}-${l.end}] ${l.text} (${l.confidence}, ${l.agreement} of ${l.readings})`).join(' | ')}`,
        );
    }
  } finally {
    await service.close();
  }
  report(rows, seed);
}

function report(rows, seed) {
  console.log(`caption families (seed ${seed}, ${rows.length} clips):`);
  for (const family of [...FAMILIES, null]) {
    const r = family ? rows.filter((x) => x.family === family) : rows;
    if (!r.length) continue;
    const label = (family ?? 'all families').padEnd(14);
    console.log(
      `  ${familyLine(
        `${label} word recall`,
        r.map((x) => x.recall),
        seed,
      )}`,
    );
    console.log(
      `  ${familyLine(
        `${label} captions word for word`,
        r.map((x) => x.exact),
        seed,
      )}`,
    );
    console.log(
      `  ${familyLine(
        `${label} stray words (goal 0)`,
        r.map((x) => x.stray.length),
        seed,
        false,
        1,
      )}  total ${r.reduce((s, x) => s + x.stray.length, 0)}`,
    );
  }
}

export async function installedFonts() {
  const { stdout } = await run('fc-list', [':', 'file']);
  return stdout
    .split('\n')
    .map((l) => l.replace(/:\s*$/, '').trim())
    .filter((f) => f.endsWith('.ttf') && !/Math|ExtraLight/.test(f))
    .sort();
}

function describe(c) {
  const font = path.basename(c.font, '.ttf');
  return `${c.family}, ${c.lang}, ${c.case}, ${font}, ${c.style}, ${c.colour}, ${c.size}px, ${c.background.label}${c.motion !== 'still' ? ` ${c.motion}` : ''}`;
}

/** One clip's recipe: its background, look and captions (each with its lines, time and place). */
/** The `count` clips of a seed, the families taken in turn: every caption bench draws them so. */
export function drawClips(seed, count, fonts, PHOTOS) {
  const rnd = seededRandom(seed);
  return Array.from({ length: count }, (_, i) => drawClip(rnd, FAMILIES[i % FAMILIES.length], fonts, PHOTOS, i));
}

export function drawClip(rnd, family, fonts, PHOTOS, i) {
  const landscape = family === 'lower third' ? rnd.next() < 0.7 : rnd.next() < 0.3;
  const [w, h] = landscape ? [1280, 720] : [720, 1280];
  const lang = rnd.next() < 0.5 ? 'en' : rnd.pick(['it', 'pt', 'es', 'fr']);
  const letterCase =
    family === 'bottom mixed' ? rnd.pick(['mixed', 'lower']) : family === 'reel middle' ? 'upper' : rnd.pick(['upper', 'mixed', 'lower']);
  const font = family === 'reel middle' ? rnd.pick(fonts.filter((f) => /Bold/.test(f) && !/Oblique|Italic/.test(f))) : rnd.pick(fonts);
  const style = styleOf(rnd, family);
  const colour =
    family === 'shadow bright'
      ? rnd.pick(['0xffe000', 'white'])
      : style === 'light box' || style === 'dark outline'
        ? 'black'
        : rnd.pick(COLOURS);
  const background = backgroundOf(rnd, family, PHOTOS, w, h);
  const motion = background.photo && rnd.next() < 0.35 ? rnd.pick(['pan', 'zoom']) : 'still';
  const short = Math.min(w, h);
  const size = Math.round(
    family === 'lower third'
      ? rnd.between(0.035, 0.055) * short
      : family === 'pops'
        ? rnd.between(0.1, 0.15) * short
        : rnd.between(0.045, 0.1) * short,
  );
  const clip = { name: `caption clip ${i + 1}`, family, w, h, lang, case: letterCase, font, style, colour, size, background, motion };
  clip.captions = captionsOf(rnd, clip);
  return clip;
}

function styleOf(rnd, family) {
  if (family === 'reel middle') return 'outline';
  if (family === 'shadow bright') return 'shadow';
  if (family === 'box') return rnd.pick(['dark box', 'light box']);
  if (family === 'lower third') return rnd.pick(['dark box', 'shadow', 'plain', 'outline']);
  return rnd.pick(['outline', 'outline', 'shadow', 'plain', 'dark box', 'dark outline']);
}

function backgroundOf(rnd, family, PHOTOS, w, h) {
  if (family === 'shadow bright')
    return rnd.pick([
      { label: 'pale sky', source: `color=c=0xd8e8f8` },
      { label: 'bright gradient', source: `gradients=c0=0xffffff:c1=0xf0d090:x0=0:y0=0:x1=${w}:y1=${h}` },
      { label: 'cream', source: 'color=c=0xf4ecd8' },
      { label: 'bright photo', photo: 'portrait', bright: true },
    ]);
  const sources = [
    'testsrc2',
    'mandelbrot',
    'smptebars',
    'rgbtestsrc',
    'life=mold=10:ratio=0.3:death_color=0x303030:life_color=0xc0a080',
    'color=c=0x2050a0',
    'cellauto=rule=110',
  ];
  if (rnd.next() < 0.6) {
    // Pictures without text of their own: a word the picture shows is on screen, but no caption holds it (stray).
    const photo = rnd.pick([...Object.keys(PHOTOS), 'vrm', 'vrm']);
    return { label: `photo ${photo}`, photo };
  }
  const source = rnd.pick(sources);
  return { label: source.split(/[=:]/)[0], source };
}

/** The clip's captions in time order: 1-2 lines each, or one-word pops. */
function captionsOf(rnd, c) {
  const words = rnd.pick(PHRASES[c.lang]).split(' ');
  const cased = (t) =>
    c.case === 'upper'
      ? t.toLocaleUpperCase(c.lang)
      : c.case === 'lower'
        ? t
        : t.replace(/(^|\s)(\p{L})/gu, (m) => m.toLocaleUpperCase(c.lang));
  const place = placeOf(rnd, c.family, c.h);
  if (c.family === 'pops') {
    const n = Math.min(words.length, rnd.int(3, 5));
    const each = Math.min(0.8, (SECONDS - 0.2) / n);
    return words.slice(0, n).map((w, k) => ({ lines: [cased(w)], from: 0.1 + k * each, to: 0.1 + (k + 1) * each, ...place }));
  }
  if (c.family === 'lower third') {
    const k = rnd.int(0, NAMES.length - 1);
    return [{ lines: [NAMES[k], cased(ROLES[k])], from: 0.2, to: SECONDS - 0.2, ...place, left: true }];
  }
  const second = rnd.pick(PHRASES[c.lang].filter((p) => p !== words.join(' '))).split(' ');
  const twoLines = c.family === 'two lines' || (c.family !== 'reel middle' && rnd.next() < 0.15);
  if (twoLines) return [{ lines: [cased(words.join(' ')), cased(second.join(' '))], from: 0.2, to: SECONDS - 0.2, ...place }];
  return [
    { lines: [cased(words.join(' '))], from: 0.1, to: 1.5, ...place },
    { lines: [cased(second.join(' '))], from: 1.6, to: SECONDS - 0.1, ...place },
  ];
}

function placeOf(rnd, family, h) {
  const y = {
    'reel middle': rnd.between(0.45, 0.58),
    'bottom mixed': rnd.between(0.8, 0.88),
    'lower third': rnd.between(0.7, 0.78),
    'top title': rnd.between(0.06, 0.16),
  }[family];
  return { y: Math.round(h * (y ?? rnd.pick([rnd.between(0.1, 0.2), rnd.between(0.4, 0.6), rnd.between(0.72, 0.84)]))) };
}

/** The clip's file (cached by recipe in test-artifacts/clips). */
export async function makeCaptionClip(c, root, PHOTOS) {
  const key = crypto
    .createHash('sha256')
    .update(JSON.stringify(['caption-family', DRAWING, c]))
    .digest('hex')
    .slice(0, 16);
  const dir = path.join(root, 'test-artifacts', 'clips');
  const out = path.join(dir, `${key}.mp4`);
  if (fs.existsSync(out)) return out;
  fs.mkdirSync(dir, { recursive: true });
  const texts = path.join(dir, `${key}-text`);
  fs.mkdirSync(texts, { recursive: true });
  const draws = [];
  for (const [k, cap] of c.captions.entries()) {
    const files = cap.lines.map((line, j) => {
      const file = path.join(texts, `${k}-${j}.txt`);
      fs.writeFileSync(file, line);
      return file;
    });
    const widest = Math.max(...(await Promise.all(files.map((f) => widthAt100(c.font, f)))));
    // The caption's lines within the frame: its bottom line's foot no lower than 3% above the frame's bottom.
    const step = Math.round(c.size * 1.35);
    const top = Math.min(cap.y, Math.round(0.97 * c.h - (cap.lines.length - 1) * step - 1.25 * c.size));
    files.forEach((file, j) => {
      const size = j > 0 && cap.left ? Math.round(c.size * 0.8) : c.size;
      draws.push(drawText(c, file, size, top + j * step, cap, widest));
    });
  }
  const input = backgroundInput(c, root, PHOTOS);
  const filter = `[0:v]${[...input.filters, ...draws, 'format=yuv420p'].join(',')}[v]`;
  const args = [
    '-y',
    '-v',
    'error',
    ...input.args,
    '-filter_complex',
    filter,
    '-map',
    '[v]',
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-t',
    String(SECONDS),
  ];
  // A file of this run's own until it is whole: two benches drawing the same clip at once each write their own.
  const part = `${out}.${process.pid}.tmp.mp4`;
  await run('ffmpeg', [...args, part]);
  fs.renameSync(part, out);
  return out;
}

/**
 * Version of the drawing, in each clip's cache key. 2: a caption's size fits its measured width into 90% of the frame
 * and its lines are moved up into the frame (1 estimated the width at 0.62 of the size a letter, too little for bold
 * serif capitals, and let a second line low in the frame run off it: words no reader could see were counted missed).
 */
const DRAWING = 2;

/** The width of the text in `file` drawn in `font` at 100 px (drawtext on a black strip, its lit columns counted). */
async function widthAt100(font, file) {
  const [w, h] = [6000, 160];
  const draw = `drawtext=fontfile=${font}:textfile=${file}:fontsize=100:fontcolor=white:x=20:y=20`;
  const args = ['-v', 'error', '-f', 'lavfi', '-i', `color=c=black:s=${w}x${h}`, '-vf', draw, '-frames:v', '1'];
  const { stdout } = await run('ffmpeg', [...args, '-f', 'rawvideo', '-pix_fmt', 'gray', 'pipe:1'], {
    encoding: 'buffer',
    maxBuffer: w * h + 1024,
  });
  let [left, right] = [w, -1];
  for (let x = 0; x < w; x++)
    for (let y = 0; y < h; y++)
      if (stdout[y * w + x] > 64) {
        left = Math.min(left, x);
        right = Math.max(right, x);
        break;
      }
  return Math.max(1, right - left + 1);
}

function drawText(c, file, size, y, cap, widest) {
  const fit = Math.min(size, Math.floor((0.9 * c.w * 100) / widest));
  const look = {
    outline: `borderw=${Math.max(2, Math.round(fit / 10))}:bordercolor=black`,
    'dark outline': `borderw=${Math.max(2, Math.round(fit / 10))}:bordercolor=white`,
    shadow: `shadowx=${Math.max(2, Math.round(fit / 14))}:shadowy=${Math.max(2, Math.round(fit / 14))}:shadowcolor=black@0.75`,
    plain: '',
    'dark box': `box=1:boxcolor=black@0.65:boxborderw=${Math.round(fit / 4)}`,
    'light box': `box=1:boxcolor=white@0.9:boxborderw=${Math.round(fit / 4)}`,
  }[c.style];
  const x = cap.left ? Math.round(c.w * 0.06) : '(w-text_w)/2';
  const parts = [
    `fontfile=${c.font}`,
    `textfile=${file}`,
    `fontsize=${fit}`,
    `fontcolor=${c.colour}`,
    look,
    `x=${x}`,
    `y=${y}`,
    `enable='between(t,${cap.from.toFixed(2)},${(cap.to - 0.001).toFixed(3)})'`,
  ];
  return `drawtext=${parts.filter(Boolean).join(':')}`;
}

const EXTRA_PHOTOS = { vrm: 'screenshot-vrm.jpg' };

function backgroundInput(c, root, PHOTOS) {
  const { w, h } = c;
  const [cw, ch] = [even(w * 1.3), even(h * 1.3)];
  const camera = {
    still: `crop=${w}:${h}`,
    pan: `crop=${w}:${h}:x='(iw-ow)*t/${SECONDS}':y='(ih-oh)/2'`,
    zoom: `scale=w='trunc(${w}*(1.05+0.25*t/${SECONDS})/2)*2':h=-2:eval=frame,crop=${w}:${h}`,
  }[c.motion];
  if (c.background.photo) {
    const { file, region } = photoFile(c.background.photo, root, PHOTOS);
    const bright = c.background.bright ? ['eq=brightness=0.35:contrast=0.6'] : [];
    return {
      args: ['-loop', '1', '-framerate', '25', '-t', String(SECONDS), '-i', file],
      filters: [
        ...(region ? [`crop=${region[2]}:${region[3]}:${region[0]}:${region[1]}`] : []),
        'setsar=1',
        `scale=${cw}:${ch}:force_original_aspect_ratio=increase`,
        `crop=${cw}:${ch}`,
        ...bright,
        camera,
        'fps=25',
      ],
    };
  }
  const src = c.background.source;
  return {
    args: ['-f', 'lavfi', '-t', String(SECONDS), '-i', `${src}${src.includes('=') ? ':' : '='}s=${w}x${h}:r=25`],
    filters: ['setsar=1'],
  };
}

/** The photo's file and, for the reels' photos, the part of it they show (x, y, width, height): the picture, not its labels. */
function photoFile(name, root, PHOTOS) {
  const human = path.join(root, 'node_modules/@vladmandic/human/assets');
  if (EXTRA_PHOTOS[name]) return { file: path.join(human, EXTRA_PHOTOS[name]) };
  if (name === 'portrait') return { file: path.join(root, 'test-artifacts/photos/grace_hopper.jpg') };
  return PHOTOS[name];
}

function even(n) {
  return Math.round(n / 2) * 2;
}

const norm = (w) => w.toLocaleLowerCase().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');

/** Recall of the captions' words at their time, share of captions read word for word, and stray words. */
export function scoreClip(c, items) {
  const shown = (cap) => items.filter((l) => (l.start ?? l.time) <= cap.to + 0.5 && (l.end ?? l.time) >= cap.from - 0.5);
  const wordsOf = (t) => t.split(/\s+/).map(norm).filter(Boolean);
  const truth = c.captions.flatMap((cap) => cap.lines.flatMap((l) => wordsOf(l).map((w) => ({ w, cap }))));
  const hits = truth.filter(({ w, cap }) => shown(cap).some((l) => wordsOf(l.text).includes(w))).length;
  const line = (t) => wordsOf(t).join(' ');
  const exact = c.captions.filter((cap) => {
    const read = shown(cap).map((l) => line(l.text));
    return read.includes(line(cap.lines.join(' '))) || cap.lines.every((l) => read.includes(line(l)));
  }).length;
  const known = new Set(truth.map((x) => x.w));
  const stray = items.flatMap((l) => wordsOf(l.text)).filter((w) => !known.has(w));
  return { recall: hits / truth.length, exact: exact / c.captions.length, stray };
}
